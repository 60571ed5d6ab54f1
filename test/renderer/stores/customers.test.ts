import { afterEach, expect, test } from 'vitest';
import { useCustomersStore } from '../../../src-renderer/stores/customers';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('create, search, edit: the list follows, by name', async () => {
  h = useRealApi();
  const customers = useCustomersStore();
  await customers.reload();
  expect(customers.total).toBe(0);
  const ann = await customers.create({ name: 'Ann Smith', phone: '06 12 34 56 78' });
  await customers.create({ name: 'Bob', email: 'bob@example.com' });
  expect(customers.rows.map((row) => row.name)).toEqual(['Ann Smith', 'Bob']);

  customers.search = '0612';
  await customers.reload();
  expect(customers.rows.map((row) => row.name)).toEqual(['Ann Smith']);

  const saved = await customers.update(ann.id, { name: 'Ann Jones', phone: '' });
  expect(saved.phone).toBeUndefined();
  expect(customers.rows[0]).toMatchObject({ id: ann.id, name: 'Ann Jones' });
});

test('forget erases the person and takes them off the list; their sales stay, counted, without their name', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1000 });
  h.ok('inventory.set', { petId: rex.id, update: { quantity: 2 } });
  const customers = useCustomersStore();
  const ann = await customers.create({ name: 'Ann', email: 'ann@example.com' });
  const sale = h.ok('sales.create', { lines: [{ petId: rex.id }], customerId: ann.id, payments: [{ method: 'cash', amount: 1000 }] });
  expect(await customers.purchaseCount(ann.id)).toBe(1);

  await customers.forget(ann.id);
  expect(customers.rows).toEqual([]);
  expect(h.ok('customers.get', { customerId: ann.id })).toMatchObject({ name: 'Forgotten customer', forgottenAt: expect.any(String) });
  expect(h.ok('customers.get', { customerId: ann.id }).email).toBeUndefined();
  expect(h.ok('sales.get', { saleId: sale.id }).customerId).toBe(ann.id);
});

test('customers added and edited elsewhere show through the event stream', async () => {
  h = useRealApi();
  const customers = useCustomersStore();
  await customers.reload();
  const stop = h.store.feed.subscribe((event) => void customers.applyEvent(event));
  try {
    const cy = h.ok('customers.create', { name: 'Cy' });
    for (let i = 0; i < 200 && customers.rows.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(customers.rows.map((row) => row.name)).toEqual(['Cy']);
    h.ok('customers.update', { customerId: cy.id, changes: { name: 'Cyril' } });
    for (let i = 0; i < 200 && customers.rows[0]?.name !== 'Cyril'; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(customers.rows.map((row) => row.name)).toEqual(['Cyril']);
  } finally {
    stop();
  }
});

test('the list pages with the service: 100 at first, the rest on loadMore', async () => {
  h = useRealApi();
  for (let i = 1; i <= 130; i++) h.ok('customers.create', { name: `Customer ${String(i).padStart(3, '0')}` });
  const customers = useCustomersStore();
  await customers.reload();
  expect([customers.rows.length, customers.total, customers.hasMore]).toEqual([100, 130, true]);
  await customers.loadMore();
  expect([customers.rows.length, customers.hasMore]).toEqual([130, false]);
  expect(customers.rows.at(-1)!.name).toBe('Customer 130');
});

test('a new customer sent again with its key after the answer was lost is added once', async () => {
  let lose = true;
  h = useRealApi({
    around: async (operation, _input, call) => {
      const result = await call();
      if (operation !== 'customers.create' || !lose) return result;
      lose = false;
      return { ok: false, error: { code: 'INTERNAL', message: 'The connection was lost', status: 500 } };
    },
  });
  const customers = useCustomersStore();
  await expect(customers.create({ name: 'Ann' }, 'customer-key-1')).rejects.toMatchObject({ code: 'INTERNAL' });
  const again = await customers.create({ name: 'Ann' }, 'customer-key-1');
  expect(h.ok('customers.list', {}).items.map((customer) => customer.id)).toEqual([again.id]);
});
