/**
 * docs/states.md and test/service/transitions.test.ts describe the same table: every row T1..Tn
 * (numbered without gaps) has a test whose name starts with its id, and no test names a row the
 * document does not have. The customers' rows C1..Cn are tied to test/service/customers.test.ts alike,
 * the sales' rows S1..Sn to test/service/sales.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
const doc = read('docs/states.md');
const tests = read('test/service/transitions.test.ts');

/** Row ids of the transition table: lines of the form `| T12 | …`. */
function rowIds(markdown: string): string[] {
  return [...markdown.matchAll(/^\|\s*(T\d+)\s*\|/gm)].map((m) => m[1]);
}

/** Ids named by tests: `test('T12: …'` (any quote). */
function testedIds(source: string): string[] {
  return [...source.matchAll(/\btest\(\s*['"`](T\d+):/g)].map((m) => m[1]);
}

test('the state table is numbered T1..Tn without gaps or repeats', () => {
  const ids = rowIds(doc);
  expect(ids.length).toBeGreaterThan(30);
  expect(ids).toEqual(ids.map((_, i) => `T${i + 1}`));
});

test('every row of docs/states.md has exactly one test in transitions.test.ts, and every test a row', () => {
  const rows = rowIds(doc);
  const tested = testedIds(tests);
  expect(tested.filter((id, i) => tested.indexOf(id) !== i), 'rows tested twice').toEqual([]);
  expect(rows.filter((id) => !tested.includes(id)), 'rows without a test').toEqual([]);
  expect(tested.filter((id) => !rows.includes(id)), 'tests of rows the document does not have').toEqual([]);
});

test('the checks themselves notice a missing row and a missing test', () => {
  const trimmedDoc = doc.replace(/^\|\s*T7\s*\|.*\n/m, '');
  expect(rowIds(trimmedDoc)).not.toContain('T7');
  const trimmedTests = tests.replace(/test\('T7:/, "test('seven:");
  expect(testedIds(trimmedTests)).not.toContain('T7');
  expect(testedIds(tests)).toContain('T7');
});

test('the customers\' rows C1..Cn: numbered without gaps, each with exactly one test in customers.test.ts, and every test a row', () => {
  const rows = [...doc.matchAll(/^\|\s*(C\d+)\s*\|/gm)].map((m) => m[1]);
  const tested = [...read('test/service/customers.test.ts').matchAll(/\btest\(\s*['"`](C\d+):/g)].map((m) => m[1]);
  expect(rows.length).toBeGreaterThan(5);
  expect(rows).toEqual(rows.map((_, i) => `C${i + 1}`));
  expect(tested.filter((id, i) => tested.indexOf(id) !== i), 'rows tested twice').toEqual([]);
  expect(rows.filter((id) => !tested.includes(id)), 'rows without a test').toEqual([]);
  expect(tested.filter((id) => !rows.includes(id)), 'tests of rows the document does not have').toEqual([]);
});

test("the sales' rows S1..Sn: numbered without gaps, each with exactly one test in sales.test.ts, and every test a row", () => {
  const rows = [...doc.matchAll(/^\|\s*(S\d+)\s*\|/gm)].map((m) => m[1]);
  const tested = [...read('test/service/sales.test.ts').matchAll(/\btest\(\s*['"`](S\d+):/g)].map((m) => m[1]);
  expect(rows.length).toBeGreaterThan(15);
  expect(rows).toEqual(rows.map((_, i) => `S${i + 1}`));
  expect(tested.filter((id, i) => tested.indexOf(id) !== i), 'rows tested twice').toEqual([]);
  expect(rows.filter((id) => !tested.includes(id)), 'rows without a test').toEqual([]);
  expect(tested.filter((id) => !rows.includes(id)), 'tests of rows the document does not have').toEqual([]);
});
