/**
 * List totals on PostgreSQL (src-main/db/postgres/repositories/page-totals.ts): counted only when
 * the first page does not hold every match; kept per filter until the count of writes moves (this
 * process's commits at once, another's when heard: change-watch.ts); never kept while other
 * processes are not heard, nor when a write committed while the count ran.
 */
import { expect, test } from 'vitest';
import type { Step } from '../../src-main/db/step';
import { pageTotals } from '../../src-main/db/postgres/repositories/page-totals';

/** Runs a total's step, answering its count query with `count` (and running `during` while it runs); says how many queries it sent. */
function run(step: Step<number>, count: number, during: () => void = () => undefined): { total: number; queries: number } {
  let queries = 0;
  let next = step.next();
  while (!next.done) {
    expect(next.value).toMatchObject({ kind: 'query' });
    queries++;
    during();
    next = step.next({ rows: [{ n: count }], rowCount: 1 });
  }
  return { total: next.value, queries };
}

const MORE = { shown: 50, more: true };
const COUNT = 'SELECT count(*) AS n FROM pets WHERE status = $1';

test('a first page that holds every match is its own total: nothing is counted', () => {
  const total = pageTotals(() => 0);
  expect(run(total(COUNT, ['available'], { shown: 7, more: false }), 999)).toEqual({ total: 7, queries: 0 });
});

test('a total is kept per filter until a write, then counted again', () => {
  let writes = 3;
  const total = pageTotals(() => writes);
  expect(run(total(COUNT, ['available'], MORE), 70)).toEqual({ total: 70, queries: 1 });
  expect(run(total(COUNT, ['available'], MORE), 71)).toEqual({ total: 70, queries: 0 });
  expect(run(total(COUNT, ['available'], { ...MORE, cursor: 'next' }), 71)).toEqual({ total: 70, queries: 0 });
  expect(run(total(COUNT, ['sold'], MORE), 12)).toEqual({ total: 12, queries: 1 });
  writes++;
  expect(run(total(COUNT, ['available'], MORE), 71)).toEqual({ total: 71, queries: 1 });
  expect(run(total(COUNT, ['sold'], MORE), 13)).toEqual({ total: 13, queries: 1 });
});

test('while other processes are not heard (-1), every total is counted', () => {
  const total = pageTotals(() => -1);
  expect(run(total(COUNT, ['available'], MORE), 70)).toEqual({ total: 70, queries: 1 });
  expect(run(total(COUNT, ['available'], MORE), 71)).toEqual({ total: 71, queries: 1 });
  expect(run(pageTotals()(COUNT, ['available'], MORE), 72)).toEqual({ total: 72, queries: 1 });
});

test('a count that ran while a write committed is given but not kept', () => {
  let writes = 0;
  const total = pageTotals(() => writes);
  expect(run(total(COUNT, ['available'], MORE), 70, () => writes++)).toEqual({ total: 70, queries: 1 });
  expect(run(total(COUNT, ['available'], MORE), 71)).toEqual({ total: 71, queries: 1 });
  expect(run(total(COUNT, ['available'], MORE), 72)).toEqual({ total: 71, queries: 0 });
});
