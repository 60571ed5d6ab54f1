/**
 * docs/errors.md and ERROR_CATALOGUE (src-shared/errors.ts) list the same codes with the same
 * HTTP statuses: a code missing from the document, a different status, or a documented code the
 * catalogue does not have fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src-shared/errors';

const doc = readFileSync(fileURLToPath(new URL('../../docs/errors.md', import.meta.url)), 'utf8');

/** The rows of the catalogue table: `| \`CODE\` | 400 | …`, in document order. */
function documentedCodes(markdown: string): { code: string; status: number }[] {
  return [...markdown.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*(\d{3})\s*\|/gm)].map((m) => ({ code: m[1], status: Number(m[2]) }));
}

const documented = documentedCodes(doc);

test('every catalogue code is documented once, with its status', () => {
  const missing = ERROR_CODES.filter((code) => !documented.some((row) => row.code === code));
  expect(missing, 'codes missing from docs/errors.md').toEqual([]);
  const twice = documented.filter((row, i) => documented.findIndex((other) => other.code === row.code) !== i);
  expect(twice.map((row) => row.code), 'codes documented twice').toEqual([]);
  for (const { code, status } of documented) {
    if (code in ERROR_CATALOGUE) expect(status, `status of ${code}`).toBe(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status);
  }
});

test('the document lists no code the catalogue does not have', () => {
  const unknown = documented.filter((row) => !(row.code in ERROR_CATALOGUE)).map((row) => row.code);
  expect(unknown).toEqual([]);
});

test('every documented code says when it happens and where it comes from', () => {
  for (const line of doc.split('\n').filter((l) => /^\|\s*`[A-Z]/.test(l))) {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    expect(cells, line).toHaveLength(5);
    expect(cells[2].length, `${cells[0]}: when`).toBeGreaterThan(20);
    expect(cells[4], `${cells[0]}: transports`).toMatch(/REST|IPC/);
  }
});

test("a code the browser host answers for a reason of its own says so in the catalogue, as in docs/errors.md", () => {
  const row = doc.split('\n').find((line) => line.startsWith('| `UNAUTHORIZED`'))!;
  expect(row).toMatch(/In the browser host: /);
  expect(ERROR_CATALOGUE.UNAUTHORIZED.when).toMatch(/in the browser host, a call without the secret/);
});

test('the parser notices a missing code, a wrong status and an extra code', () => {
  const broken = doc
    .replace(/^\|\s*`CATEGORY_IN_USE`.*\n/m, '')
    .replace(/^(\|\s*`RATE_LIMITED`\s*\|\s*)429/m, '$1420')
    .concat('\n| `TEAPOT` | 418 | The store is a teapot. | — | REST |\n');
  const rows = documentedCodes(broken);
  expect(rows.some((row) => row.code === 'CATEGORY_IN_USE')).toBe(false);
  expect(rows.find((row) => row.code === 'RATE_LIMITED')?.status).toBe(420);
  expect(rows.some((row) => row.code === 'TEAPOT')).toBe(true);
  expect(documented.length).toBe(ERROR_CODES.length);
});
