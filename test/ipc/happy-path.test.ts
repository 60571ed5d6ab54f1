/**
 * The renderer's everyday calls through the registered handlers, and the shape of what comes back:
 * plain, structured-clone-safe data that conforms to the contract's output schema.
 */
import { freePort } from '../helpers/ports';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ApiResult } from '../../src-shared/api-result';
import { operationChannel } from '../../src-shared/bridge';
import { contract, OPERATION_NAMES, operationDef, type CallableOperationName } from '../../src-shared/contract';
import type { Category } from '../../src-shared/schemas/category';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import { expectCloneSafe, expectOk, openIpcHarness, type IpcHarness } from './harness';
import { PNG } from '../helpers/images';
import { tillProof } from '../../src-main/service/pairing-proof';

let h: IpcHarness;
beforeEach(() => {
  h = openIpcHarness();
});
afterEach(async () => {
  await h.close();
});

describe('happy path through the registered handlers', () => {
  test('create a category and a pet, list pets, place an order: results match the service', async () => {
    const dogs = expectOk<Category>(await h.call('categories.create', { name: '  Dogs  ', description: 'Loyal' }));
    expect(dogs).toEqual({ id: expect.any(Number), name: 'Dogs', description: 'Loyal' });
    expect(h.t.ok('categories.get', { categoryId: dogs.id })).toStrictEqual(dogs);

    const rex = expectOk<Pet>(await h.call('pets.create', { name: 'Rex', categoryId: dogs.id }));
    expect(rex).toEqual({ id: expect.any(Number), name: 'Rex', categoryId: dogs.id, status: 'available' });
    expect(h.t.ok('pets.get', { petId: rex.id })).toStrictEqual(rex);
    const fido = expectOk<Pet>(await h.call('pets.create', { name: 'Fido', categoryId: dogs.id, status: 'pending' }));

    const list = expectOk<{ items: Pet[]; total: number; nextCursor: string | null }>(await h.call('pets.list', {}));
    expect(list).toStrictEqual({ items: [rex, fido], total: 2, nextCursor: null });
    expect(list).toStrictEqual(h.t.ok('pets.list', {}));
    const filtered = expectOk(await h.call('pets.list', { status: ['available'], q: 'RE', sort: '-name', limit: 10 }));
    expect(filtered).toStrictEqual(h.t.ok('pets.list', { status: ['available'], q: 'RE', sort: '-name', limit: 10 }));
    expect(filtered).toStrictEqual({ items: [rex], total: 1, nextCursor: null });

    const order = expectOk<Order>(await h.call('orders.place', { petId: rex.id, shipDate: '2026-11-22T10:00:00+01:00' }));
    expect(order).toStrictEqual({
      id: expect.any(Number),
      petId: rex.id,
      quantity: 1,
      complete: false,
      status: 'open',
      placedAt: expect.any(String),
      shipDate: '2026-11-22T09:00:00.000Z',
      petName: rex.name,
      clerk: null,
      till: null,
    });
    expect(h.t.ok('orders.get', { orderId: order.id! })).toStrictEqual(order);

    // The order reserved Rex's only unit: he is pending now, on both sides of the bridge.
    expect(expectOk<InventoryItem>(await h.call('inventory.get', { petId: rex.id }))).toStrictEqual({
      petId: rex.id,
      quantity: 0,
      status: 'pending',
    });
    expect(expectOk(await h.call('pets.get', { petId: rex.id }))).toStrictEqual(h.t.ok('pets.get', { petId: rex.id }));
    expect(expectOk(await h.call('orders.list', {}))).toStrictEqual(h.t.ok('orders.list', {}));
    expect(expectOk(await h.call('events.list', {}))).toStrictEqual(h.t.ok('events.list', {}));
    expect(expectOk(await h.call('events.latest', {}))).toStrictEqual(h.t.ok('events.latest', {}));
  });

  test('the handler works on a copy of the input: the caller\'s object is neither kept nor changed', async () => {
    const dogs = h.t.ok('categories.create', { name: 'Dogs' });
    const input = { name: '  Rex  ', categoryId: dogs.id };
    const frozen = structuredClone(input);
    expectOk(await h.call('pets.create', input));
    expect(input).toStrictEqual(frozen);
    const received = h.ipc.received.at(-1)!;
    expect(received.channel).toBe(operationChannel('pets.create'));
    expect(received.input).toStrictEqual(input);
    expect(received.input).not.toBe(input);
  });

  test('a missing or null input means "no input" for operations that need none', async () => {
    for (const input of [undefined, null, {}]) {
      expect(expectOk(await h.call('service.health', input))).toStrictEqual(h.t.ok('service.health', {}));
      expect(expectOk(await h.call('pets.list', input))).toStrictEqual(h.t.ok('pets.list', {}));
    }
  });
});

describe('results are structured-clone safe and conform to the contract', () => {
  test('every callable operation\'s success, as the handler returned it and as the renderer received it', async () => {
    const port = await freePort();
    const seen = new Set<string>();

    async function check<T>(name: CallableOperationName, input: unknown): Promise<T> {
      const received = await h.call(name, input);
      const data = expectOk<T>(received);
      const raw = h.ipc.received.at(-1)!;
      expect(raw.channel).toBe(operationChannel(name));
      // What the handler answered survives cloning unchanged: no class instances, functions, Buffers…
      expectCloneSafe(raw.result);
      expect(Object.getPrototypeOf(raw.result)).toBe(Object.prototype);
      expect(received).toStrictEqual(raw.result as ApiResult<unknown>);
      expectCloneSafe(received);
      // …and is exactly what the contract promises.
      const parsed = contract[name].output.safeParse(data);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      seen.add(name);
      return data;
    }

    await check('service.health', {});
    await check('settings.get', {});
    await check('shop.get', {});
    await check('settings.update', { lowStockThreshold: 2, listenerHost: '127.0.0.1', listenerPort: port });
    const token = await check<{ token: { id: number }; secret: string }>('tokens.create', { label: 'Label printer', scope: 'write' });
    await check('tokens.list', {});
    await check('tokens.revoke', { tokenId: token.token.id });
    // A till pairs with a code made here, over the certificate the host serves (beside the database).
    const code = await check<{ code: string; fingerprint: string }>('tills.pairingCode', {});
    const till = await check<{ till: { id: number } }>('tills.pair', { name: 'Counter 2', proof: tillProof(code.code, code.fingerprint, 'Counter 2') });
    await check('tills.list', {});
    await check('tills.revoke', { tillId: till.till.id });
    // Clerk logins: the desk signs its owner in, then logins go off again (ending the session).
    const olga = await check<{ id: number }>('clerks.create', { name: 'Olga', role: 'owner', pin: '1234' });
    await check('clerks.update', { clerkId: olga.id, name: 'Olga B' });
    await check('clerks.list', {});
    await check('settings.update', { clerkLogins: true });
    await check('sessions.start', { clerkId: olga.id, pin: '1234' });
    await check('sessions.current', {});
    await check('settings.update', { clerkLogins: false });
    await check('sessions.end', {});

    const dogs = await check<Category>('categories.create', { name: 'Dogs' });
    const spare = await check<Category>('categories.create', { name: 'Spare', description: 'to delete' });
    await check('categories.list', { q: 'o' });
    await check('categories.get', { categoryId: dogs.id });
    await check('categories.replace', { categoryId: dogs.id, category: { name: 'Dogs', description: 'Loyal' } });
    await check('categories.update', { categoryId: spare.id, changes: { name: 'Spares' } });

    const rex = await check<Pet>('pets.create', { name: 'Rex', categoryId: dogs.id });
    const gone = await check<Pet>('pets.create', { name: 'Gone', categoryId: dogs.id, status: 'sold' });
    await check('pets.list', { sort: 'name', limit: 1 });
    await check('pets.get', { petId: rex.id });
    await check('pets.replace', { petId: rex.id, pet: { name: 'Rex II', categoryId: dogs.id } });
    await check('pets.update', { petId: rex.id, changes: { name: 'Rex' } });
    await check('pets.bulkUpdate', { petIds: [rex.id], changes: { price: 1200 } });
    await check('photos.put', { petId: rex.id, photo: new Uint8Array(PNG) });
    await check('photos.get', { petId: rex.id });
    await check('photos.delete', { petId: rex.id });
    expect(await check('categories.petCounts', {})).toEqual([{ categoryId: dogs.id, pets: 2 }]);

    await check('inventory.list', { low: true });
    await check('inventory.get', { petId: rex.id });
    await check('inventory.set', { petId: rex.id, update: { quantity: 3 } });
    await check('inventory.adjust', { petId: rex.id, adjustment: { delta: 1, reason: 'received' } });
    await check('inventory.movements', { petId: rex.id });

    const first = await check<Order>('orders.place', { petId: rex.id, quantity: 2 });
    const second = await check<Order>('orders.place', { petId: rex.id, shipDate: '2026-12-01T08:30:00Z' });
    await check('orders.list', { complete: false, petId: rex.id });
    await check('orders.get', { orderId: first.id! });
    await check('orders.update', { orderId: first.id!, changes: { shipDate: '2026-11-30T12:00:00-05:00' } });
    await check('orders.update', { orderId: first.id!, changes: { complete: true } });
    await check('orders.cancel', { orderId: second.id! });

    await check('pets.delete', { petId: gone.id });
    await check('categories.delete', { categoryId: spare.id });
    await check('events.list', { after: 0, limit: 1000 });
    await check('events.latest', {});

    const ann = await check<{ id: number }>('customers.create', { name: 'Ann', phone: '0612345678' });
    await check('customers.list', { q: '0612' });
    await check('customers.get', { customerId: ann.id });
    await check('customers.update', { customerId: ann.id, changes: { note: 'Regular' } });
    await check('customers.forget', { customerId: ann.id });

    const sale = await check<{ id: number; lines: { orderId: number }[] }>('sales.create', { lines: [{ petId: rex.id, unitPrice: 1999 }], payments: [{ method: 'card', amount: 1999 }] });
    await check('sales.list', { from: '2026-01-01' });
    await check('sales.get', { saleId: sale.id });
    const refund = await check<{ id: number }>('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'card', amount: 1999 }] } });
    await check('refunds.list', { saleId: sale.id });
    await check('refunds.get', { saleId: sale.id, refundId: refund.id });
    const later = await check<{ id: number }>('sales.create', { lines: [{ petId: rex.id, unitPrice: 1999 }], handover: 'later', payments: [{ method: 'cash', amount: 2000 }] });
    await check('sales.cancel', { saleId: later.id });

    await check('reports.sales', { from: '2026-11-01', to: '2026-11-30', by: 'category' });
    await check('reports.day', { date: '2026-11-28' });

    await check('listener.status', {});
    const started = await check<{ running: boolean; url: string | null; lastError: string | null }>('listener.start', {});
    expect(started.lastError).toBeNull();
    expect(started).toMatchObject({ running: true, port });
    // Unless the owner chose another address, the listener is on loopback only.
    expect(started.url).toBe(`http://127.0.0.1:${port}/v1`);
    const other = await freePort();
    const moved = await check<{ running: boolean; port: number }>('listener.move', { listenerHost: '127.0.0.1', listenerPort: other });
    expect(moved).toMatchObject({ running: true, port: other });
    const stopped = await check<{ running: boolean }>('listener.stop', {});
    expect(stopped.running).toBe(false);

    await check('stats.overview', {});
    await check('data.export', { format: 'csv', resource: 'pets' });
    await check('data.export', { format: 'json' });
    await check('data.export', { format: 'csv', resource: 'sales' });
    const csv = 'name,category,status,stock\nBiscuit,Dogs,available,2\nNobody,Unicorns,available,1\n';
    await check('data.previewImport', { format: 'csv', content: csv });
    await check('data.import', { format: 'csv', content: csv });
    const info = await check<{ backupFolder: string }>('app.info', {});
    const backup = await check<{ file: string }>('backup.create', { file: `${info.backupFolder}/ipc-test.db` });
    expect(await check('backup.check', { file: backup.file })).toEqual({ file: backup.file });
    await check('backup.restore', { file: backup.file });

    // The desktop's dialogs, printing and file manager exist only in Electron: elsewhere (this
    // harness serves what the browser host serves) they refuse with a clear Error object.
    const desktopOnly = { 'app.chooseFile': { purpose: 'backup' }, 'app.printToPdf': { suggestedName: 'order-1.pdf' }, 'app.printers': {}, 'app.print': {}, 'app.showDataFolder': {} } as const;
    for (const [name, input] of Object.entries(desktopOnly)) {
      const result = await h.call(name as CallableOperationName, input);
      expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', status: 404, message: expect.stringMatching(/only available in the desktop app/) } });
      expectCloneSafe(result);
    }

    const callable = OPERATION_NAMES.filter((name) => !operationDef(name).http?.stream && !Object.hasOwn(desktopOnly, name));
    expect([...seen].sort()).toEqual([...callable].sort());
  });

  test('failures are structured-clone safe too', async () => {
    const result = await h.call('pets.get', { petId: 12345 });
    expect(result.ok).toBe(false);
    expectCloneSafe(h.ipc.received.at(-1)!.result);
    expectCloneSafe(result);
  });

  // A ship date whose offset would move it outside the years 0000–9999 in UTC (where it is stored)
  // is refused by the shared DateTime schema, so every stored ship date is a contract DateTime.
  test("an order's ship date always comes back as a contract DateTime (offsets at the edge of the calendar)", async () => {
    const dogs = h.t.ok('categories.create', { name: 'Dogs' });
    const rex = h.t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
    h.t.ok('inventory.set', { petId: rex.id, update: { quantity: 10 } });
    const open = h.t.ok('orders.place', { petId: rex.id });
    for (const shipDate of ['9999-12-31T23:59:59-23:59', '0000-01-01T00:00:00+01:00']) {
      for (const [name, input] of [
        ['orders.place', { petId: rex.id, shipDate }],
        ['orders.update', { orderId: open.id!, changes: { shipDate } }],
      ] as const) {
        const result = await h.call(name, input);
        if (result.ok) {
          const parsed = contract[name].output.safeParse(result.data);
          expect(parsed.success, `${name} with shipDate ${shipDate} answered ${JSON.stringify(result.data)}`).toBe(true);
        } else {
          expect(result.error.code).toBe('VALIDATION_FAILED');
          expect(result.error.details?.map((d) => d.path)).toContain(name === 'orders.place' ? 'shipDate' : 'changes.shipDate');
        }
      }
    }
  });
});
