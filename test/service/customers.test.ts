/**
 * Customers in the service, on both engines: create, read, update, the list (by name, search
 * over name, email and phone, paging), and forgetting, which erases the person from the customer
 * row, the change log and the kept Idempotency-Key answers, read back from the database's own tables.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { contract } from '../../src-shared/contract';
import { FORGOTTEN_CUSTOMER_NAME, type Customer } from '../../src-shared/schemas/customer';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { runOnce } from '../../src-main/service/idempotency';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { appendedSince, expectRefused, lastEventId } from './support/observe-engines';
import { postgresRows } from './support/postgres-rows';
import { asEngineStore } from './support/sqlite-engine-store';
import { statementsRunBy } from './support/statements';

/** The store of the test running, set by each block's beforeEach. */
let t: EngineStore;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const create = async (input: Record<string, unknown>) => await t.ok('customers.create', input);
const names = async (input: Record<string, unknown> = {}) => (await t.ok('customers.list', input)).items.map((customer) => customer.name);
const conforms = (customer: unknown) => expect(contract['customers.get'].output.safeParse(customer).success, JSON.stringify(customer)).toBe(true);

describeOnEngines('customers', (fresh) => {
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  describe('customers.create', () => {
    test('C1: keeps the trimmed fields with its times, announces customer.created; empty fields are none', async () => {
      const mark = await lastEventId(t);
      const anna = await create({ name: '  Anna Müller ', phone: ' +49 (30) 123-456 ', email: 'anna@example.com', note: 'Prefers\ncats' });
      expect(anna).toEqual({
        id: expect.any(Number),
        name: 'Anna Müller',
        phone: '+49 (30) 123-456',
        email: 'anna@example.com',
        note: 'Prefers\ncats',
        createdAt: expect.stringMatching(ISO),
        updatedAt: anna.createdAt,
      });
      conforms(anna);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'customer.created', data: anna }]);
      expect(await t.ok('customers.get', { customerId: anna.id })).toEqual(anna);

      const bare = await create({ name: 'Bo', phone: '', email: ' ', note: '' });
      expect(bare).toEqual({ id: expect.any(Number), name: 'Bo', createdAt: expect.stringMatching(ISO), updatedAt: bare.createdAt });
    });

    test.each([
      [{}, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Tab\tbed' }, 'name'],
      [{ name: 'Zero\u200bwidth' }, 'name'],
      [{ name: 'Al', phone: 'call me' }, 'phone'],
      [{ name: 'Al', phone: '12' }, 'phone'],
      [{ name: 'Al', phone: '06+12345' }, 'phone'],
      [{ name: 'Al', phone: '0612345678'.repeat(3) + '123' }, 'phone'],
      [{ name: 'Al', email: 'al@' }, 'email'],
      [{ name: 'Al', email: 'al example.com' }, 'email'],
      [{ name: 'Al', email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` }, 'email'],
      [{ name: 'Al', note: 'n'.repeat(501) }, 'note'],
      [{ name: 'Al', note: 'bell\u0007' }, 'note'],
      [{ name: 'Al', phone: 612345 }, 'phone'],
      [{ name: 'Al', loyalty: 3 }, 'loyalty'],
    ])('%j is VALIDATION_FAILED naming %s, and writes nothing', async (input, field) => {
      const error = await expectRefused(t, 'customers.create', input, 'VALIDATION_FAILED');
      expect(error.details?.map((detail) => detail.path)).toContain(field);
    });

    test('the longest fields are accepted', async () => {
      const phone = '+' + '1'.repeat(31);
      const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
      expect(email).toHaveLength(254);
      const longest = await create({ name: 'n'.repeat(100), phone, email, note: 'n'.repeat(500) });
      expect(longest).toMatchObject({ phone, email });
      conforms(longest);
    });
  });

  describe('customers.get', () => {
    test('a customer that does not exist is NOT_FOUND', async () => {
      expect((await expectRefused(t, 'customers.get', { customerId: 404 }, 'NOT_FOUND')).message).toBe('Customer 404 does not exist');
    });
  });

  describe('customers.update', () => {
    test('C2: changes only the fields given; an empty one clears it; customer.updated carries the customer after', async () => {
      const anna = await create({ name: 'Anna', phone: '0612345678', email: 'anna@example.com', note: 'VIP' });
      await new Promise((resolve) => setTimeout(resolve, 2)); // a later millisecond for updatedAt
      const mark = await lastEventId(t);
      const changed = await t.ok('customers.update', { customerId: anna.id, changes: { email: 'anna@shop.example', note: '' } });
      expect(changed).toEqual({ ...anna, email: 'anna@shop.example', note: undefined, updatedAt: expect.stringMatching(ISO) });
      expect(changed).not.toHaveProperty('note');
      expect(changed.updatedAt > anna.updatedAt).toBe(true);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'customer.updated', data: changed }]);
      expect(await t.ok('customers.get', { customerId: anna.id })).toEqual(changed);
    });

    test('C3: a field sent as undefined (IPC keeps such keys) is not sent; a change to nothing new writes nothing', async () => {
      const anna = await create({ name: 'Anna', phone: '0612345678' });
      const mark = await lastEventId(t);
      expect(await t.ok('customers.update', { customerId: anna.id, changes: { name: 'Anna', phone: undefined } })).toEqual(anna);
      expect(await t.ok('customers.update', { customerId: anna.id, changes: { phone: ' 0612345678 ' } })).toEqual(anna);
      expect(await appendedSince(t, mark)).toEqual([]);
    });

    test('refusals: a missing customer, an empty or unknown change, a bad field', async () => {
      const anna = await create({ name: 'Anna' });
      await expectRefused(t, 'customers.update', { customerId: 404, changes: { name: 'X' } }, 'NOT_FOUND');
      await expectRefused(t, 'customers.update', { customerId: anna.id, changes: {} }, 'VALIDATION_FAILED');
      await expectRefused(t, 'customers.update', { customerId: anna.id, changes: { vip: true } }, 'VALIDATION_FAILED');
      await expectRefused(t, 'customers.update', { customerId: anna.id, changes: { email: 'nope' } }, 'VALIDATION_FAILED');
    });

    test('C6: a forgotten customer cannot be changed: CUSTOMER_FORGOTTEN', async () => {
      const anna = await create({ name: 'Anna' });
      await t.ok('customers.forget', { customerId: anna.id });
      const error = await expectRefused(t, 'customers.update', { customerId: anna.id, changes: { name: 'Anna again' } }, 'CUSTOMER_FORGOTTEN');
      expect(error).toMatchObject({ status: 409, message: `Customer ${anna.id} has been forgotten: their record can no longer be changed` });
    });
  });

  describe('customers.list', () => {
    test('by name as a person reads it (case and accents aside, numbers by value), then id', async () => {
      for (const name of ['zoë', 'Émile', 'eddie', 'Charlie 10', 'Charlie 5', 'émile']) await create({ name });
      expect(await names()).toEqual(['Charlie 5', 'Charlie 10', 'eddie', 'Émile', 'émile', 'zoë']);
    });

    test('q searches name, email and phone, case and accents aside; phones by their digits', async () => {
      await create({ name: 'Anna Müller', email: 'ANNA@example.com', phone: '+33 6 12 34 56 78' });
      await create({ name: 'Bruno', email: 'bruno@muller-pets.example', phone: '06-98-76' });
      await create({ name: 'Chloé' });
      expect(await names({ q: 'MULLER' })).toEqual(['Anna Müller', 'Bruno']);
      expect(await names({ q: 'chloe' })).toEqual(['Chloé']);
      expect(await names({ q: 'anna@' })).toEqual(['Anna Müller']);
      expect(await names({ q: '612 345' })).toEqual(['Anna Müller']);
      expect(await names({ q: '(06) 98' })).toEqual(['Bruno']);
      expect(await names({ q: '6' })).toEqual(['Anna Müller', 'Bruno']);
      expect(await names({ q: '  ' })).toEqual(['Anna Müller', 'Bruno', 'Chloé']);
      expect(await t.ok('customers.list', { q: 'nobody' })).toEqual({ items: [], total: 0, nextCursor: null });
    });

    test('pages with a cursor and an exact total; a cursor of another search is refused', async () => {
      for (let i = 1; i <= 7; i++) await create({ name: `Customer ${i}` });
      await create({ name: 'Other' });
      const first = await t.ok('customers.list', { q: 'customer', limit: 3 });
      expect(first.items.map((customer) => customer.name)).toEqual(['Customer 1', 'Customer 2', 'Customer 3']);
      expect(first.total).toBe(7);
      const second = await t.ok('customers.list', { q: 'customer', limit: 3, cursor: first.nextCursor! });
      const third = await t.ok('customers.list', { q: 'customer', limit: 3, cursor: second.nextCursor! });
      expect([...second.items, ...third.items].map((customer) => customer.name)).toEqual(['Customer 4', 'Customer 5', 'Customer 6', 'Customer 7']);
      expect([second.total, third.total, third.nextCursor]).toEqual([7, 7, null]);
      const error = await expectRefused(t, 'customers.list', { q: 'other', cursor: first.nextCursor! }, 'VALIDATION_FAILED');
      expect(error.details).toEqual([{ path: 'cursor', message: expect.stringContaining('different filters') }]);
      await expectRefused(t, 'customers.list', { cursor: (await t.ok('pets.list', { limit: 1 })).nextCursor ?? 'x' }, 'VALIDATION_FAILED');
    });

    test('forgotten customers leave the default list and are listed with forgotten=true', async () => {
      const anna = await create({ name: 'Anna' });
      await create({ name: 'Bruno' });
      await t.ok('customers.forget', { customerId: anna.id });
      expect(await names()).toEqual(['Bruno']);
      expect((await t.ok('customers.list', { forgotten: true })).items).toEqual([await t.ok('customers.get', { customerId: anna.id })]);
      expect(await names({ q: 'anna' })).toEqual([]);
      expect(await names({ q: 'anna', forgotten: true })).toEqual([]);
    });
  });

  describe('customers.forget', () => {
    test('C4: erases the person and keeps the record (forgottenAt, the name that says so); customer.forgotten', async () => {
      const anna = await create({ name: 'Anna', phone: '0612345678', email: 'anna@example.com', note: 'Allergic to cats' });
      const mark = await lastEventId(t);
      expect(await t.ok('customers.forget', { customerId: anna.id })).toBeNull();
      const forgotten = await t.ok('customers.get', { customerId: anna.id });
      expect(forgotten).toEqual({
        id: anna.id,
        name: FORGOTTEN_CUSTOMER_NAME,
        createdAt: anna.createdAt,
        updatedAt: expect.stringMatching(ISO),
        forgottenAt: forgotten.updatedAt,
      });
      conforms(forgotten);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'customer.forgotten', data: forgotten }]);
    });

    test('C5: forgetting a forgotten customer again is a harmless retry: nothing changes, no event', async () => {
      const anna = await create({ name: 'Anna', email: 'anna@example.com' });
      await t.ok('customers.forget', { customerId: anna.id });
      const forgotten = await t.ok('customers.get', { customerId: anna.id });
      const again = await lastEventId(t);
      expect(await t.ok('customers.forget', { customerId: anna.id })).toBeNull();
      expect(await t.ok('customers.get', { customerId: anna.id })).toEqual(forgotten);
      expect(await appendedSince(t, again)).toEqual([]);
    });

    test('a customer that does not exist is NOT_FOUND', async () => {
      await expectRefused(t, 'customers.forget', { customerId: 404 }, 'NOT_FOUND');
    });

    test('leaves nothing of the person in the database: the customer row and the change log\'s events (read from its tables)', async () => {
      const person = { name: 'Zelda Quimby', phone: '+44 20 7946 0958', email: 'zelda.quimby@example.org', note: 'Lives at 12 Elm Street' };
      const stays = { name: 'Yorick Stays', phone: '+44 20 7946 0000', email: 'yorick@example.org', note: 'Keeps his data' };
      const zelda = await create(person);
      await t.ok('customers.update', { customerId: zelda.id, changes: { name: 'Zelda Q. Quimby', email: 'zq@example.org' } });
      await create(stays);
      await t.ok('customers.forget', { customerId: zelda.id });
      const personal = [...Object.values(person), 'Zelda Q. Quimby', 'zq@example.org', 'Zelda', 'Quimby', '7946 0958', '79460958'];
      // Every row of every table as text: PostgreSQL's here (SQLite's file, with kept Idempotency-Key answers, below).
      if (t.postgresUrl) {
        const tables = await postgresRows<{ name: string }>(t.postgresUrl, "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'");
        let text = '';
        for (const { name } of tables) text += JSON.stringify(await postgresRows(t.postgresUrl, `SELECT * FROM ${name}`)) + '\n';
        for (const value of personal) expect(text, `"${value}" is still in the database`).not.toContain(value);
        for (const value of Object.values(stays)) expect(text).toContain(value);
      }
      const customerEvents = (await t.ok('events.list', { after: 0 })).flatMap((event) => (event.type.startsWith('customer.') ? [event.data as Customer] : []));
      expect(customerEvents.map((customer) => customer.name)).toEqual([FORGOTTEN_CUSTOMER_NAME, FORGOTTEN_CUSTOMER_NAME, 'Yorick Stays', FORGOTTEN_CUSTOMER_NAME]);
    });
  });
});

// SQLite only: the database file's own tables, its kept Idempotency-Key answers (runOnce on the file's store), its query plans.
describe('customers.forget in the SQLite file', () => {
  let sqlite: TestStore;
  beforeEach(() => {
    sqlite = openTestStore();
    t = asEngineStore(sqlite);
  });
  afterEach(() => sqlite.close());

  test("leaves nothing of the person in the database file: the customer row, the change log's events, the kept Idempotency-Key answers", () => {
    const person = { name: 'Zelda Quimby', phone: '+44 20 7946 0958', email: 'zelda.quimby@example.org', note: 'Lives at 12 Elm Street' };
    const stays = { name: 'Yorick Stays', phone: '+44 20 7946 0000', email: 'yorick@example.org', note: 'Keeps his data' };
    // Created through an Idempotency-Key, as a REST client would (the kept answer holds the person).
    const created = runOnce(sqlite.store.context, { tokenId: 0, key: 'new-customer-1', operation: 'customers.create', request: 'zelda', status: 201 }, () =>
      sqlite.ok('customers.create', person),
    ) as { data: Customer };
    const zelda = created.data;
    sqlite.ok('customers.update', { customerId: zelda.id, changes: { name: 'Zelda Q. Quimby', email: 'zq@example.org' } });
    const yorick = runOnce(sqlite.store.context, { tokenId: 0, key: 'new-customer-2', operation: 'customers.create', request: 'yorick', status: 201 }, () =>
      sqlite.ok('customers.create', stays),
    ) as { data: Customer };
    const personal = [...Object.values(person), 'Zelda Q. Quimby', 'zq@example.org', 'Zelda', 'Quimby', '7946 0958', '79460958'];

    sqlite.ok('customers.forget', { customerId: zelda.id });

    // Read from the file by another connection, every row of every table as text.
    const file = new Database(sqlite.file, { readonly: true });
    try {
      const tables = file.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
      const text = tables.map((table) => JSON.stringify(file.prepare(`SELECT * FROM "${table}"`).all())).join('\n');
      for (const value of personal) expect(text, `"${value}" is still in the file`).not.toContain(value);
      // What is not the forgotten person is untouched: the other customer, their events and kept answer.
      for (const value of Object.values(stays)) expect(text).toContain(value);
      expect(file.prepare("SELECT key FROM idempotency_keys ORDER BY key").pluck().all()).toEqual(['new-customer-2']);
      const events = file.prepare("SELECT type, data FROM events WHERE type LIKE 'customer.%' ORDER BY id").all() as { type: string; data: string }[];
      expect(events.map((event) => event.type)).toEqual(['customer.created', 'customer.updated', 'customer.created', 'customer.forgotten']);
      // The forgotten person's events stay valid Customers, erased, saying when they were forgotten.
      const forgotten = sqlite.ok('customers.get', { customerId: zelda.id });
      for (const index of [0, 1]) {
        const data = JSON.parse(events[index].data);
        expect(data).toEqual({ id: zelda.id, name: FORGOTTEN_CUSTOMER_NAME, createdAt: zelda.createdAt, updatedAt: expect.stringMatching(ISO), forgottenAt: forgotten.forgottenAt });
        conforms(data);
      }
      expect(JSON.parse(events[2].data)).toEqual(yorick.data);
    } finally {
      file.close();
    }
    // And the service reads the rewritten log back as it reads any other.
    const customerEvents = sqlite.ok('events.list', { after: 0 }).flatMap((event) => (event.type.startsWith('customer.') ? [event.data as Customer] : []));
    expect(customerEvents.map((customer) => customer.name)).toEqual([
      FORGOTTEN_CUSTOMER_NAME,
      FORGOTTEN_CUSTOMER_NAME,
      'Yorick Stays',
      FORGOTTEN_CUSTOMER_NAME,
    ]);
  });

  test("finds the customer's events through their index, not by reading the whole change log", () => {
    const anna = sqlite.ok('customers.create', { name: 'Anna', email: 'anna@example.com' });
    const runs = statementsRunBy(sqlite.store.db, () => sqlite.ok('customers.forget', { customerId: anna.id }));
    const erase = [...runs.keys()].find((sql) => sql.startsWith('UPDATE events'))!;
    const plan = sqlite.store.db.prepare(`EXPLAIN QUERY PLAN ${erase}`).all('x', 'x', anna.id) as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual([expect.stringMatching(/^SEARCH events USING INDEX events_by_customer \(<expr>=\?\)$/)]);
  });
});

// SQLite only: a backup and its restore copy the database file itself (PostgreSQL's are its own tools).
describe('a restore', () => {
  let sqlite: TestStore;
  beforeEach(() => {
    sqlite = openTestStore();
    t = asEngineStore(sqlite);
  });
  afterEach(() => sqlite.close());

  test('C7: brings back the customers of the backup, but never one forgotten since: the change log says who, and when', async () => {
    const ann = await create({ name: 'Ann Restored', email: 'ann.restored@example.com', note: 'Asked to be forgotten later' });
    const bo = await create({ name: 'Bo' });
    const { file } = await createBackup(sqlite.store, join(sqlite.dir, 'before-forgetting.db'));
    await t.ok('customers.forget', { customerId: ann.id });
    const forgotten = await t.ok('customers.get', { customerId: ann.id });
    await create({ name: 'Cy After' });

    await restoreBackup(sqlite.store, file);

    expect(await names()).toEqual(['Bo']);
    expect(await t.ok('customers.get', { customerId: bo.id })).toEqual(bo);
    expect(await t.ok('customers.get', { customerId: ann.id })).toEqual(forgotten);
    const rows = JSON.stringify(sqlite.store.db.prepare('SELECT * FROM customers').all());
    for (const value of ['Ann Restored', 'ann.restored@example.com', 'Asked to be forgotten']) expect(rows).not.toContain(value);
    // Ids go on after the highest ever given: Cy's is not given again.
    expect((await create({ name: 'Di' })).id).toBeGreaterThan(bo.id + 1);
  });
});
