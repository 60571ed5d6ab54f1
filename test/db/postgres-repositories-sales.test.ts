/**
 * PostgreSQL's orders, customers, sales, refunds, stored-amounts and reports repositories answer as
 * SQLite's: the same calls on a fresh store of each engine give the same results, field for field
 * and in the same order (rows compared as JSON too, which keeps the order of their fields).
 */
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { postgresCustomersRepository } from '../../src-main/db/postgres/repositories/customers';
import { postgresOrdersRepository } from '../../src-main/db/postgres/repositories/orders';
import { postgresRefundsRepository } from '../../src-main/db/postgres/repositories/refunds';
import { postgresReportsRepository } from '../../src-main/db/postgres/repositories/reports';
import { postgresSalesRepository } from '../../src-main/db/postgres/repositories/sales';
import { postgresStoredAmountsRepository } from '../../src-main/db/postgres/repositories/stored-amounts';
import { customersRepository } from '../../src-main/db/repositories/customers';
import { ordersRepository } from '../../src-main/db/repositories/orders';
import { refundsRepository } from '../../src-main/db/repositories/refunds';
import { reportsRepository } from '../../src-main/db/repositories/reports';
import { salesRepository, type NewSaleRow } from '../../src-main/db/repositories/sales';
import { storedAmountsRepository } from '../../src-main/db/repositories/stored-amounts';
import { stepped, type Step } from '../../src-main/db/step';
import { enginePair, inWrite } from '../helpers/engine-pair';
import { describePostgres } from '../helpers/postgres-database';

const recorder = () => ({ clerkId: 7, clerkName: 'Ann', tillId: 2, tillName: 'Front desk' });

const sqliteRepositories = (db: Parameters<typeof ordersRepository>[0]) => ({
  orders: stepped(ordersRepository(db, recorder)),
  customers: stepped(customersRepository(db)),
  sales: stepped(salesRepository(db, recorder)),
  refunds: stepped(refundsRepository(db, recorder)),
  storedAmounts: stepped(storedAmountsRepository(db)),
  reports: stepped(reportsRepository(db)),
});
type Repositories = ReturnType<typeof sqliteRepositories>;

const postgresRepositories = (): Repositories => ({
  orders: postgresOrdersRepository(recorder),
  customers: postgresCustomersRepository(),
  sales: postgresSalesRepository(recorder),
  refunds: postgresRefundsRepository(recorder),
  storedAmounts: postgresStoredAmountsRepository(),
  reports: postgresReportsRepository(),
});

const sale = (number: number, createdAt: string, fields: Partial<NewSaleRow> = {}): NewSaleRow => ({
  number,
  createdAt,
  status: 'completed',
  handover: 'now',
  shipDate: null,
  note: null,
  customerId: null,
  currency: 'EUR',
  pricesIncludeTax: 1,
  subtotal: 3000,
  discount: 0,
  net: 2500,
  tax: 500,
  total: 3000,
  paid: 5000,
  change: 2000,
  completedAt: createdAt,
  ...fields,
});

const line = (saleId: number, index: number, orderId: number, petId: number, categoryId: number, quantity = 1) => ({
  saleId,
  line: index,
  orderId,
  petId,
  petName: `Pet ${petId}`,
  categoryId,
  categoryName: `Category ${categoryId}`,
  quantity,
  unitPrice: 1000,
  taxRate: 2000,
  gross: 1000 * quantity,
  discount: 0,
  net: 833 * quantity,
  tax: 167 * quantity,
  total: 1000 * quantity,
});

describePostgres('PostgreSQL’s sales repositories answer as SQLite’s', () => {
  const pair = enginePair();
  let lite: Repositories;
  const pg = postgresRepositories();

  beforeAll(() => {
    lite = sqliteRepositories(pair.store.context.db);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The same call on both engines (PostgreSQL's in one write transaction); the answers must be equal, field order included. */
  async function same<T>(call: (repositories: Repositories) => Step<T>): Promise<T> {
    const onSqlite = pair.onSqlite(call(lite));
    const onPostgres = await pair.onPostgres(inWrite(() => call(pg)));
    expect(onPostgres).toStrictEqual(onSqlite);
    expect(JSON.stringify(onPostgres)).toBe(JSON.stringify(onSqlite));
    return onSqlite;
  }
  /** A write whose answer is SQLite's RunResult: the rows changed must be equal. */
  async function sameChanges(call: (repositories: Repositories) => Step<{ changes: number }>): Promise<number> {
    const onSqlite = pair.onSqlite(call(lite)).changes;
    const onPostgres = (await pair.onPostgres(call(pg))).changes;
    expect(onPostgres).toBe(onSqlite);
    return onSqlite;
  }
  /** A table's rows on both engines, which must be equal. */
  async function sameTable(select: string): Promise<unknown[]> {
    const onSqlite = pair.store.context.db.prepare(select).all();
    const onPostgres = (await pair.pool.query(select)).rows;
    expect(onPostgres).toStrictEqual(onSqlite);
    return onSqlite;
  }
  /** Every page of a list, on both engines alike (each page and its cursor equal); the ids seen. */
  async function walk<R extends { id: number }>(list: (repositories: Repositories, cursor: string | undefined) => Step<{ rows: R[]; total: number; nextCursor: string | null }>) {
    let cursor: string | undefined;
    const seen: number[] = [];
    do {
      const page = await same((r) => list(r, cursor));
      seen.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return seen;
  }
  async function onBoth(sqlite: string, postgres: string, values: unknown[]): Promise<void> {
    pair.store.context.db.prepare(sqlite).run(...values);
    await pair.pool.query(postgres, values);
  }

  test('orders: placed, found, changed, counted and listed alike', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const [i, [petId, status]] of ([[1, 'open'], [2, 'complete'], [1, 'open'], [3, 'open'], [1, 'complete'], [2, 'open']] as const).entries()) {
      vi.setSystemTime(new Date(Date.UTC(2026, 10, 1 + i, 10)));
      await same((r) => r.orders.insert(petId, `Pet ${petId}`, i + 1, i % 2 ? '2026-12-24' : null, i === 4 ? { saleId: 9, unitPrice: 1250 } : undefined, status));
    }
    expect(await same((r) => r.orders.find(5))).toMatchObject({ saleId: 9, unitPrice: 1250, clerkName: 'Ann', tillName: 'Front desk' });
    expect(await same((r) => r.orders.find(99))).toBeUndefined();
    expect(await sameChanges((r) => r.orders.update(3, '2027-01-02', 'complete'))).toBe(1);
    expect(await sameChanges((r) => r.orders.update(99, null, 'open'))).toBe(0);
    expect(await sameChanges((r) => r.orders.cancel(4))).toBe(1);
    expect(await sameChanges((r) => r.orders.cancel(4))).toBe(0);
    expect(await same((r) => r.orders.openCount(1))).toBe(1);
    await same((r) => r.orders.openCount(42));
    expect(await same((r) => r.orders.openTotal())).toBe(2);
    expect((await same((r) => r.orders.recent(3))).map((o) => o.id)).toEqual([6, 5, 3]);
    expect(await same((r) => r.orders.all())).toHaveLength(5);

    const lists = [
      {},
      { status: ['cancelled' as const] },
      { status: ['open' as const, 'cancelled' as const, 'complete' as const] },
      { complete: true },
      { complete: false, status: ['complete' as const] },
      { petId: 1 },
      { from: '2026-11-02T00:00:00.000Z', to: '2026-11-05T00:00:00.000Z' },
      { sort: 'oldest' as const },
    ];
    for (const filter of lists) await same((r) => r.orders.list({ ...filter, limit: 20 }));
    for (const sort of ['newest', 'oldest'] as const) {
      let cursor: string | undefined;
      const seen: number[] = [];
      do {
        const page = await same((r) => r.orders.list({ sort, limit: 2, cursor }));
        expect(page.total).toBe(5);
        seen.push(...page.rows.map((o) => o.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(sort === 'newest' ? [6, 5, 3, 2, 1] : [1, 2, 3, 5, 6]);
    }
    // Filters and a cursor together: their placeholders numbered in order.
    expect(await walk((r, cursor) => r.orders.list({ petId: 1, status: ['open', 'complete'], from: '2026-11-01T00:00:00.000Z', sort: 'oldest', limit: 1, cursor }))).toEqual([1, 3, 5]);
  });

  test('customers: written, searched, paged and forgotten alike', async () => {
    const people = [
      { name: 'Émile Zola', phone: '+33 (0)6 12-34', email: 'emile@example.org', note: 'Writer' },
      { name: 'ada Lovelace', phone: null, email: 'Ada@Example.com', note: null },
      { name: 'Zoë', phone: '0612 34', email: null, note: null },
      { name: 'Bob', phone: null, email: null, note: null },
      { name: 'bob', phone: '555', email: null, note: null },
      { name: `A${'a'.repeat(3000)}`, phone: null, email: null, note: null },
    ];
    for (const [i, fields] of people.entries()) await same((r) => r.customers.insert(fields, `2026-11-0${i + 1}T09:00:00.000Z`));
    await same((r) => r.customers.find(1));
    expect(await same((r) => r.customers.find(99))).toBeUndefined();
    expect(await sameChanges((r) => r.customers.update(4, { name: 'Bobby', phone: '06-12', email: 'b@x.org', note: 'n' }, '2026-11-10T00:00:00.000Z'))).toBe(1);
    expect(await sameChanges((r) => r.customers.update(99, { name: 'Nobody', phone: null, email: null, note: null }, '2026-11-10T00:00:00.000Z'))).toBe(0);

    for (const q of [undefined, 'bob', 'ZOLA', 'example', '0612', '612 34', '(', 'nobody']) {
      await same((r) => r.customers.list({ q, forgotten: false, limit: 10 }));
    }
    let cursor: string | undefined;
    const seen: number[] = [];
    do {
      const page = await same((r) => r.customers.list({ forgotten: false, limit: 1, cursor }));
      expect(page.total).toBe(6);
      seen.push(...page.rows.map((c) => c.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(await walk((r, cursor) => r.customers.list({ q: '0612', forgotten: false, limit: 1, cursor }))).toEqual([4, 1, 3]);

    // A cursor after the very long name carries only its digest: the row's value is read first.
    const first = await same((r) => r.customers.list({ forgotten: false, limit: 1 }));
    expect(first.rows[0]!.id).toBe(6);
    expect((await same((r) => r.customers.list({ forgotten: false, limit: 10, cursor: first.nextCursor! }))).rows).toHaveLength(5);

    expect(await sameChanges((r) => r.customers.markForgotten(2, '2026-11-11T00:00:00.000Z'))).toBe(1);
    await same((r) => r.customers.list({ forgotten: true, limit: 10 }));
  });

  test('customers: their traces are erased, and forgotten again, alike', async () => {
    const events: [string, string][] = [
      ['customer.created', JSON.stringify({ id: 3, name: 'Zoë', phone: '0612 34', email: null, note: null, createdAt: 'x' })],
      ['customer.updated', JSON.stringify({ id: 3, name: 'Zoë "Z"', phone: null, note: 'line\nbreak', updatedAt: 'y' })],
      ['customer.updated', JSON.stringify({ id: 3, forgottenAt: null, name: 'Zoë', tags: { phone: 1 } })],
      ['customer.created', JSON.stringify({ id: 30, name: 'Other', phone: '1' })],
      ['pet.created', JSON.stringify({ id: 3, name: 'Rex' })],
      ['customer.forgotten', JSON.stringify({ id: 5, forgottenAt: '2026-11-12T00:00:00.000Z' })],
      ['customer.forgotten', JSON.stringify({ id: 5, forgottenAt: '2026-11-13T00:00:00.000Z' })],
      ['customer.forgotten', JSON.stringify({ id: 2, forgottenAt: '2026-11-14T00:00:00.000Z' })],
    ];
    for (const [type, data] of events) {
      await onBoth('INSERT INTO events (type, at, data) VALUES (?, ?, ?)', 'INSERT INTO events (type, at, data) VALUES ($1, $2, $3)', [type, 'at', data]);
    }
    const answers = [
      ['k1', 'customers.create', JSON.stringify({ id: 3, name: 'Zoë' })],
      ['k2', 'customers.create', JSON.stringify({ id: 30, name: 'Other' })],
      ['k3', 'pets.delete', ''],
      ['k4', 'pets.create', JSON.stringify({ id: 3 })],
    ];
    for (const [key, operation, body] of answers) {
      await onBoth(
        "INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body, created_at, operation) VALUES (1, ?, 'f', 200, ?, 'now', ?)",
        "INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body, created_at, operation) VALUES (1, $1, 'f', 200, $2, 'now', $3)",
        [key, body, operation],
      );
    }
    await same((r) => r.customers.eraseTraces(3, 'Forgotten customer', '2026-11-15T00:00:00.000Z'));
    const kept = await sameTable('SELECT id, type, data FROM events ORDER BY id');
    expect((kept[1] as { data: string }).data).toBe('{"id":3,"name":"Forgotten customer","updatedAt":"y","forgottenAt":"2026-11-15T00:00:00.000Z"}');
    expect(await sameTable('SELECT key FROM idempotency_keys ORDER BY key')).toEqual([{ key: 'k2' }, { key: 'k3' }, { key: 'k4' }]);

    // Customer 5 was not forgotten here (an older backup's restore): forgotten again, at its latest time; 2 already was.
    expect(await same((r) => r.customers.forgetAgain('Forgotten customer'))).toBe(1);
    await sameTable('SELECT id, name, name_sort, name_order, phone, phone_digits, email, email_sort, note, forgotten_at, updated_at FROM customers ORDER BY id');
  });

  test('sales, refunds and stored amounts: written, read and listed alike', async () => {
    expect(await same((r) => r.storedAmounts.holders())).toEqual(['1 priced order']); // the orders test's line of sale 9
    expect(await same((r) => r.sales.nextNumber())).toBe(1);
    const stamps = ['2026-11-28T14:05:00.000Z', '2026-11-28T15:10:00.000Z', '2026-11-28T15:10:00.000Z', '2026-11-29T09:00:00.000Z'];
    for (const [i, createdAt] of stamps.entries()) {
      const id = await same((r) => r.sales.insert(sale(i + 1, createdAt, { customerId: i % 2 ? 1 : null, status: i === 3 ? 'open' : 'completed' })));
      await sameChanges((r) => r.sales.insertLine(line(id, 0, 100 + 2 * i, 10 + i, 1)));
      await sameChanges((r) => r.sales.insertLine(line(id, 1, 101 + 2 * i, 20, 2, 2)));
      await sameChanges((r) => r.sales.insertPayment(id, 0, { method: 'card', amount: 1000 }));
      await sameChanges((r) => r.sales.insertPayment(id, 1, { method: i % 2 ? 'other' : 'cash', amount: 4000 }));
    }
    expect(await same((r) => r.sales.nextNumber())).toBe(5);
    await onBoth('UPDATE sale_numbers SET last = ?', 'UPDATE sale_numbers SET last = $1', [40]);
    expect(await same((r) => r.sales.nextNumber())).toBe(41);
    expect(await same((r) => r.storedAmounts.holders())).toEqual(['1 priced order', '4 sales']);

    expect(await same((r) => r.sales.find(2))).toMatchObject({ number: 2, customerId: 1, change: 2000, clerkName: 'Ann' });
    expect(await same((r) => r.sales.find(99))).toBeUndefined();
    expect(await same((r) => r.sales.lines(2))).toHaveLength(2);
    expect(await same((r) => r.sales.lines(99))).toEqual([]);
    expect(await same((r) => r.sales.payments(2))).toEqual([{ method: 'card', amount: 1000 }, { method: 'other', amount: 4000 }]);
    await same((r) => r.sales.orderStanding(9)); // orders 1–6 were placed by the orders test; order 5 names sale 9
    expect(await same((r) => r.sales.orderStanding(4))).toEqual({ open: 0, other: 0 });
    expect(await sameChanges((r) => r.sales.complete(4, '2026-11-29T10:00:00.000Z'))).toBe(1);
    expect(await sameChanges((r) => r.sales.complete(4, '2026-11-29T10:00:00.000Z'))).toBe(0);
    expect(await sameChanges((r) => r.sales.cancel(1, '2026-11-29T11:00:00.000Z'))).toBe(0);
    await onBoth("UPDATE sales SET status = 'open' WHERE id = ?", "UPDATE sales SET status = 'open' WHERE id = $1", [3]);
    expect(await sameChanges((r) => r.sales.cancel(3, '2026-11-29T11:00:00.000Z'))).toBe(1);
    expect(await sameChanges((r) => r.sales.addRefunded(1, 1000))).toBe(1);
    expect(await sameChanges((r) => r.sales.addReturned(1, 1, 1))).toBe(1);
    expect(await sameChanges((r) => r.sales.addReturned(1, 7, 1))).toBe(0);

    const lists = [
      {},
      { from: '2026-11-28T15:10:00.000Z', to: '2026-11-29T00:00:00.000Z' },
      { customerId: 1 },
      { status: ['cancelled' as const, 'open' as const] },
      { status: ['completed' as const, 'open' as const, 'cancelled' as const] },
      { number: 3 },
      { number: 30 },
    ];
    for (const filter of lists) await same((r) => r.sales.list({ ...filter, limit: 10 }));
    let cursor: string | undefined;
    const seen: number[] = [];
    do {
      const page = await same((r) => r.sales.list({ limit: 1, cursor }));
      expect(page.total).toBe(4);
      seen.push(...page.rows.map((s) => s.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1]); // sales 2 and 3 share their instant: the higher id first
    expect(await walk((r, cursor) => r.sales.list({ from: '2026-11-28T15:00:00.000Z', customerId: 1, status: ['completed', 'open'], limit: 1, cursor }))).toEqual([4, 2]);

    for (const [saleId, kind, lines] of [[1, 'refund', [0, 1]], [1, 'refund', [1]], [3, 'cancel', [0, 1]]] as const) {
      const id = await same((r) => r.refunds.insert({ saleId, createdAt: '2026-11-29T12:00:00.000Z', kind, restock: 1, reason: kind === 'refund' ? 'Bitten' : null, net: 833, tax: 167, amount: 1000 }));
      for (const index of lines) await sameChanges((r) => r.refunds.insertLine(id, saleId, { line: index, quantity: 1, net: 833, tax: 167, total: 1000 }));
      await sameChanges((r) => r.refunds.insertPayment(id, 0, { method: 'cash', amount: 1000 }));
    }
    expect(await same((r) => r.refunds.find(1, 2))).toMatchObject({ saleNumber: 1, reason: 'Bitten', tillId: 2 });
    expect(await same((r) => r.refunds.find(3, 2))).toBeUndefined();
    expect(await same((r) => r.refunds.lines(1))).toHaveLength(2);
    await same((r) => r.refunds.payments(3));
    await same((r) => r.refunds.list({ saleId: 1, limit: 10 }));
    const firstPage = await same((r) => r.refunds.list({ saleId: 1, limit: 1 }));
    expect(firstPage.total).toBe(2);
    expect((await same((r) => r.refunds.list({ saleId: 1, limit: 1, cursor: firstPage.nextCursor! }))).rows[0]!.id).toBe(2);
    expect((await same((r) => r.refunds.list({ saleId: 2, limit: 1 }))).rows).toEqual([]);
  });

  test('reports: the summaries and the records add up alike', async () => {
    for (const [from, to] of [['2026-11-28T00', '2026-11-30T00'], ['2026-11-28T15', '2026-11-28T16'], ['2027-01-01T00', '2027-01-02T00']]) {
      await same((r) => r.reports.hours(from!, to!));
      await same((r) => r.reports.summed(from!, to!));
      await same((r) => r.reports.summedBy('category', from!, to!));
      await same((r) => r.reports.summedBy('pet', from!, to!));
      await same((r) => r.reports.summedPayments(from!, to!));
    }
    for (const [from, to] of [['2026-11-28T00:00:00.000Z', '2026-11-30T00:00:00.000Z'], ['2026-11-28T15:00:00.000Z', '2026-11-29T12:00:00.000Z'], ['2027-01-01T00:00:00.000Z', '2027-01-02T00:00:00.000Z']]) {
      for (const key of ['all', 'category', 'pet', 'rate'] as const) await same((r) => r.reports.linesBy(key, from!, to!));
      await same((r) => r.reports.paymentsBy(from!, to!));
      await same((r) => r.reports.cancelled(from!, to!));
    }
    const category = "INSERT INTO categories (id, name, name_folded, name_sort, name_order) VALUES (1, 'Fish', 'fish', 'fish', 'fish')";
    await onBoth(category, category, []);
    expect([...(await same((r) => r.reports.names('category', [2, 99, 1])))]).toEqual([[2, 'Category 2'], [99, ''], [1, 'Fish']]);
    await same((r) => r.reports.names('pet', [20, 11, 5]));
    const exported = await same(function* (r) {
      return [...(yield* r.reports.saleLines())];
    });
    expect(exported).toHaveLength(8);
    await expect(pair.onPostgres(pg.reports.replacingRecords(() => {}))).rejects.toThrow(/pg_restore/);
  });
});

describePostgres('PostgreSQL’s receipt numbers under concurrent sales', () => {
  const pair = enginePair();
  const sales = postgresSalesRepository(recorder);

  test('sales made at once each take the next number, none twice and none skipped', async () => {
    const sell = (i: number) =>
      pair.onPostgres(
        inWrite(function* () {
          const number = yield* sales.nextNumber();
          return yield* sales.insert(sale(number, `2026-11-28T10:00:0${i}.000Z`));
        }),
      );
    await Promise.all(Array.from({ length: 8 }, (_, i) => sell(i)));
    const { rows } = await pair.pool.query<{ number: number }>('SELECT number FROM sales ORDER BY number');
    expect(rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
