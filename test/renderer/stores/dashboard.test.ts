import { afterEach, expect, test } from 'vitest';
import { EVENT_TYPES, type StoreEvent } from '../../../src-shared/schemas/event';
import { describeEvent, useDashboardStore } from '../../../src-renderer/stores/dashboard';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('load shows counts by status, stock by category, open orders and low stock from the service', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const cats = h.ok('categories.create', { name: 'Cats' });
  h.ok('categories.create', { name: 'Fish' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const bella = h.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
  h.ok('pets.create', { name: 'Tom', categoryId: cats.id, status: 'sold' });
  h.ok('inventory.set', { petId: rex.id, update: { quantity: 5 } });
  h.ok('settings.update', { lowStockThreshold: 2 });
  h.ok('orders.place', { petId: bella.id, quantity: 1 }); // Bella's last unit: she turns pending

  const dashboard = useDashboardStore();
  await dashboard.load();
  expect(dashboard.statusCounts).toEqual([
    { status: 'available', count: 1 },
    { status: 'pending', count: 1 },
    { status: 'sold', count: 1 },
  ]);
  expect(dashboard.totalPets).toBe(3);
  // Low stock: Bella (pending, 0); Tom is sold, not for sale, so not low.
  expect(dashboard.overview).toMatchObject({ openOrders: 1, lowStock: 1, lowStockThreshold: 2 });
  expect(dashboard.stockByCategory.map((entry) => [entry.name, entry.pets, entry.stock])).toEqual([
    ['Cats', 1, 0],
    ['Dogs', 2, 5],
    ['Fish', 0, 0],
  ]);
  expect(dashboard.stockSummary).toBe('Stock by category: Cats 0 units (1 pet); Dogs 5 units (2 pets); Fish 0 units (0 pets)');
  expect(dashboard.loading).toBe(false);
});

test('recent orders and changes name their pets, newest first; a deleted pet by the name its order kept', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const gone = h.ok('pets.create', { name: 'Ghost', categoryId: dogs.id });
  h.ok('inventory.set', { petId: rex.id, update: { quantity: 3 } });
  const first = h.ok('orders.place', { petId: rex.id, quantity: 2 });
  const second = h.ok('orders.place', { petId: gone.id });
  h.ok('orders.update', { orderId: second.id!, changes: { complete: true } });
  h.ok('pets.delete', { petId: gone.id });

  const dashboard = useDashboardStore();
  await dashboard.load();
  expect(dashboard.overview!.recentOrders.map((order) => [order.id, order.complete])).toEqual([
    [second.id, true],
    [first.id, false],
  ]);
  expect(dashboard.petName(rex.id)).toBe('Rex');
  // Named as the recent changes last named it, as the Orders list names a deleted pet.
  expect(dashboard.petName(gone.id)).toBe(`Ghost (#${gone.id}, deleted)`);
  expect(dashboard.petName(987_654)).toBe('Pet #987654 (deleted)'); // named nowhere: by its id
  const ghostOrder = dashboard.overview!.recentOrders.find((order) => order.id === second.id)!;
  expect(dashboard.petName(gone.id, ghostOrder.petName)).toBe(`Ghost (#${gone.id}, deleted)`);
  const changes = dashboard.overview!.recentEvents.map((event) => dashboard.describe(event));
  expect(changes[0]).toBe('Pet Ghost deleted');
  expect(changes).toContain(`Order ${first.id} placed for Rex × 2`);
  expect(changes).toContain(`Order ${second.id} fulfilled (Ghost (#${gone.id}, deleted) × 1)`);
  expect(changes.filter((change) => change.startsWith('Stock of Ghost'))).toEqual([`Stock of Ghost (#${gone.id}, deleted) now 0 (pending)`]);
  expect(changes).toContain('Stock of Rex now 3 (available)');
});

test('a change made elsewhere shows at the next load; loads during a load fold into one more', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const dashboard = useDashboardStore();
  await dashboard.load();
  expect(dashboard.overview!.openOrders).toBe(0);

  h.ok('orders.place', { petId: rex.id });
  await Promise.all([dashboard.load(), dashboard.load(), dashboard.load()]);
  expect(dashboard.overview!.openOrders).toBe(1);
  expect(dashboard.statusCounts.find((entry) => entry.status === 'pending')!.count).toBe(1);
  expect(dashboard.overview!.recentOrders[0]).toMatchObject({ petId: rex.id, quantity: 1, complete: false });
});

test('describeEvent puts every event type in words', () => {
  // Data as loose as an older version's log may hold: every field is checked before it is said.
  const event = (type: StoreEvent['type'], data: Record<string, unknown>) => ({ id: 1, type, at: '2026-01-01T00:00:00Z', data }) as StoreEvent;
  const name = (id: number) => (id === 7 ? 'Rex' : `pet ${id}`);
  expect(describeEvent(event('pet.created', { id: 7, name: 'Rex', status: 'available' }), name)).toBe('Pet Rex added (available)');
  expect(describeEvent(event('category.updated', { id: 2, name: 'Dogs' }), name)).toBe('Category Dogs updated');
  expect(describeEvent(event('order.cancelled', { id: 4, petId: 7, quantity: 1 }), name)).toBe('Order 4 cancelled (Rex × 1)');
  expect(describeEvent(event('inventory.low', { petId: 9, quantity: 0, status: 'sold', threshold: 1 }), name)).toBe(
    'Low stock: pet 9 has 0 (below 1)',
  );
  const christmas = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2026-12-24T12:00:00.000Z'));
  expect(describeEvent(event('order.updated', { id: 4, petId: 7, quantity: 1, shipDate: '2026-12-24T12:00:00.000Z' }), name)).toBe(
    `Order 4 to ship on ${christmas} (Rex)`,
  );
  expect(describeEvent(event('order.updated', { id: 4, petId: 7, shipDate: 'soon' }), name)).toBe('Order 4 to ship on an unknown date (Rex)');
  for (const type of EVENT_TYPES) expect(describeEvent(event(type, {}), name), type).toMatch(/\w/);
  // Counts are grouped as everywhere else in the app.
  expect(describeEvent(event('inventory.updated', { petId: 7, quantity: 1_000_000, status: 'available' }), name)).toBe('Stock of Rex now 1,000,000 (available)');
  expect(describeEvent(event('order.placed', { id: 5, petId: 7, quantity: 1000 }), name)).toBe('Order 5 placed for Rex × 1,000');
  expect(describeEvent(event('store.restored', { categories: 3, pets: 1200, orders: 41 }), name)).toBe(
    'Data restored from a backup: 1,200 pets, 3 categories, 41 orders',
  );
  expect(describeEvent(event('store.restored', { categories: 1, pets: 1, orders: 0 }), name)).toBe('Data restored from a backup: 1 pet, 1 category, 0 orders');
  expect(describeEvent(event('settings.updated', { keys: ['shopName', 'lowStockThreshold'] }), name)).toBe(
    'Settings changed: shop name, low-stock threshold',
  );
  expect(describeEvent(event('customer.created', { id: 3, name: 'Ann' }), name)).toBe('Customer Ann added');
  expect(describeEvent(event('customer.updated', { id: 3, name: 'Forgotten customer', forgottenAt: '2026-01-02T00:00:00Z' }), name)).toBe(
    'A customer since forgotten updated',
  );
  expect(describeEvent(event('customer.forgotten', { id: 3, name: 'Forgotten customer' }), name)).toBe('A customer forgotten (their personal data erased)');
  expect(describeEvent(event('sale.created', { id: 9, number: 12, total: 22896, currency: 'EUR' }), name)).toBe('Sale 12 made: €228.96');
  expect(describeEvent(event('sale.completed', { id: 9, number: 12 }), name)).toBe('Sale 12 handed over');
  expect(describeEvent(event('sale.cancelled', { id: 9, number: 12 }), name)).toBe('Sale 12 cancelled');
  expect(describeEvent(event('sale.refunded', { id: 2, saleId: 9, saleNumber: 12 }), name)).toBe('Refund on sale 12');
});
