/**
 * Forty three-line sales at once competing for the same stock, over HTTP: to one server (its
 * group commit puts them in shared transactions, each a savepoint) and to two `petstore serve`
 * processes on one file. Never oversold; each sale whole or not at all (a refused one leaves no
 * order, movement or number; the refusal names its short line); the receipt numbers of the sales
 * made are 1..n, each once.
 * On PostgreSQL: postgres-serve.test.ts (two `petstore serve` processes on one database).
 */
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openStore } from '../../src-main/service/store';
import { engineStoreOver } from '../helpers/engine-stores';
import { tempDir } from '../helpers/temp-store';
import { startTestServer, type TestServer } from '../rest/support/server';
import { killAll, startServe } from '../rest/support/processes';
import { SALES, expectWholeSales, sell, stockUp, type SaleAnswer } from './support/whole-sales';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The store's own check once the sales are in: the answers agree with it, and SQLite finds the file sound. */
async function expectWholeSalesIn(file: string, petIds: number[], answers: SaleAnswer[]): Promise<void> {
  const store = openStore(file);
  try {
    await expectWholeSales(engineStoreOver('sqlite', store.handlers, {}), petIds, answers);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    store.close();
  }
}

test('40 three-line sales at once to one server: never oversold, each whole or not at all, numbers 1..n', async () => {
  const server: TestServer = await startTestServer();
  cleanups.push(() => server.close());
  const petIds = await stockUp(engineStoreOver('sqlite', server.store.handlers, {}));
  const answers = await Promise.all(Array.from({ length: SALES }, (_, i) => sell(`${server.origin}/v1`, server.writeToken, petIds, i)));
  await expectWholeSalesIn(server.file, petIds, answers);
});

test(
  '40 three-line sales at once to two petstore serve processes on one file: the same',
  async () => {
    const { dir, cleanup } = tempDir('petstore-sales-race-');
    cleanups.push(cleanup);
    const file = join(dir, 'store.db');
    const store = openStore(file);
    let petIds: number[];
    try {
      petIds = await stockUp(engineStoreOver('sqlite', store.handlers, {}));
    } finally {
      store.close();
    }
    const token = 'sales-race-preset-token';
    const servers = await Promise.all([startServe(file, { PETSTORE_API_TOKEN: token }), startServe(file, { PETSTORE_API_TOKEN: token })]);
    const answers = await Promise.all(Array.from({ length: SALES }, (_, i) => sell(servers[i % 2].url, token, petIds, i)));
    await expectWholeSalesIn(file, petIds, answers);
    // Both servers answered their half with a sale or a refusal. Which one sells the last units is
    // the race's to decide: on a busy machine one server may sell everything before the other starts.
    for (const half of [0, 1]) {
      const statuses = answers.filter((answer) => answer.i % 2 === half).map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 201 && status !== 409), `server ${half + 1}`).toEqual([]);
    }
  },
  60_000,
);
