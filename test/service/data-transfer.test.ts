import Papa from 'papaparse';
import { afterEach, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

function shop() {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs', description: 'Loyal' });
  const cats = t.ok('categories.create', { name: 'Cats' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  t.ok('pets.create', { name: 'Tom, "the" cat', categoryId: cats.id, status: 'pending' });
  t.ok('orders.place', { petId: rex.id });
  return { dogs, cats, rex };
}

const eventCount = () => t.ok('events.list', { after: 0, limit: 1000 }).length;

describe('export', () => {
  test('pets as CSV: one row per pet with category name and stock, quoting kept', () => {
    shop();
    const file = t.ok('data.export', { format: 'csv', resource: 'pets' });
    expect(file.filename).toMatch(/^petstore-pets-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.mimeType).toBe('text/csv');
    const rows = Papa.parse<Record<string, string>>(file.content, { header: true, skipEmptyLines: true }).data;
    expect(rows).toEqual([
      { id: '1', name: 'Rex', category: 'Dogs', categoryId: '1', status: 'pending', stock: '0' },
      { id: '2', name: 'Tom, "the" cat', category: 'Cats', categoryId: '2', status: 'pending', stock: '0' },
    ]);
    expect(file.rows).toBe(2);
  });

  test('categories and orders as CSV', () => {
    shop();
    const categories = Papa.parse(t.ok('data.export', { format: 'csv', resource: 'categories' }).content, { header: true, skipEmptyLines: true }).data;
    expect(categories).toEqual([
      { id: '1', name: 'Dogs', description: 'Loyal' },
      { id: '2', name: 'Cats', description: '' },
    ]);
    const orders = Papa.parse(t.ok('data.export', { format: 'csv', resource: 'orders' }).content, { header: true, skipEmptyLines: true }).data;
    expect(orders).toEqual([{ id: '1', petId: '1', quantity: '1', shipDate: '', complete: 'false' }]);
  });

  test('a cell that a spreadsheet would run as a formula is neutralised', () => {
    t = openTestStore();
    const dogs = t.ok('categories.create', { name: 'Dogs' });
    t.ok('pets.create', { name: '=HYPERLINK("x")', categoryId: dogs.id });
    expect(t.ok('data.export', { format: 'csv', resource: 'pets' }).content).toContain(`"'=HYPERLINK(""x"")"`);
  });

  test('the whole store as JSON', () => {
    shop();
    const file = t.ok('data.export', { format: 'json' });
    const data = JSON.parse(file.content);
    expect(data.categories).toEqual([{ id: 1, name: 'Dogs', description: 'Loyal' }, { id: 2, name: 'Cats' }]);
    expect(data.pets[0]).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'pending', stock: 0 });
    expect(data.orders).toEqual([{ id: 1, petId: 1, quantity: 1, complete: false }]);
  });
});

describe('import', () => {
  const csv = [
    'name,category,status,stock',
    'Biscuit,Dogs,available,2',
    'Nemo,Fish,available,1', // no such category
    ',Cats,,', // no name
    'Felix,cats,,', // category by name, case-insensitive; defaults: available, stock 1
    'Ghost,2,sold,3', // sold with stock
    'Bolt,1,pending,',
  ].join('\n');

  test('the preview reports each bad row with its line and field, and writes nothing', () => {
    shop();
    const before = eventCount();
    const preview = t.ok('data.previewImport', { format: 'csv', content: csv });
    expect(preview.fileErrors).toEqual([]);
    expect(preview.valid).toBe(3);
    expect(preview.invalid).toBe(3);
    expect(preview.rows.map((row) => [row.line, row.errors.map((e) => e.path)])).toEqual([
      [1, []],
      [2, ['category']],
      [3, ['name']],
      [4, []],
      [5, ['stock']],
      [6, []],
    ]);
    expect(preview.rows[3].pet).toEqual({ name: 'Felix', categoryId: 2, status: 'available', stock: 1 });
    expect(preview.rows[1].errors[0].message).toBe('No category "Fish"');
    expect(t.ok('pets.list', {}).total).toBe(2);
    expect(eventCount()).toBe(before);
  });

  test('the import writes the valid rows with their stock and events, and skips the rest', () => {
    shop();
    const result = t.ok('data.import', { format: 'csv', content: csv });
    expect(result).toEqual({ imported: 3, skipped: 3 });
    const names = t.ok('pets.list', { sort: 'name' }).items.map((pet) => pet.name);
    expect(names).toEqual(['Biscuit', 'Bolt', 'Felix', 'Rex', 'Tom, "the" cat']);
    const biscuit = t.ok('pets.list', { q: 'biscuit' }).items[0];
    expect(t.ok('inventory.get', { petId: biscuit.id })).toEqual({ petId: biscuit.id, quantity: 2, status: 'available' });
    const created = t.ok('events.list', { after: 0, limit: 1000 }).filter((event) => event.type === 'pet.created');
    expect(created).toHaveLength(5);
  });

  test('our own export imports again (ids ignored: new pets)', () => {
    shop();
    t.ok('inventory.set', { petId: 1, update: { quantity: 4 } });
    const exported = t.ok('data.export', { format: 'csv', resource: 'pets' }).content;
    const preview = t.ok('data.previewImport', { format: 'csv', content: exported });
    expect(preview).toMatchObject({ valid: 2, invalid: 0, fileErrors: [] });
    const json = t.ok('data.export', { format: 'json' }).content;
    expect(t.ok('data.previewImport', { format: 'json', content: json })).toMatchObject({ valid: 2, invalid: 0 });
    expect(t.ok('data.import', { format: 'json', content: json })).toEqual({ imported: 2, skipped: 0 });
    expect(t.ok('pets.list', {}).total).toBe(4);
  });

  test('a file that is not what we expect is refused as a whole', () => {
    shop();
    expect(t.ok('data.previewImport', { format: 'csv', content: 'title,kind\nRex,Dogs' }).fileErrors).toEqual([
      'Missing column(s): name, category (expected name, category, status, stock)',
      'Unknown column(s): title, kind',
    ]);
    expect(t.ok('data.previewImport', { format: 'json', content: '{not json' }).fileErrors).toEqual(['The file is not valid JSON']);
    expect(t.ok('data.previewImport', { format: 'json', content: '{"cats": []}' }).fileErrors[0]).toMatch(/JSON array/);
    const refused = t.fail('data.import', { format: 'csv', content: 'title\nRex' });
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(t.ok('pets.list', {}).total).toBe(2);
  });

  test('JSON rows that are not objects, or carry unknown fields, are row errors', () => {
    shop();
    const preview = t.ok('data.previewImport', {
      format: 'json',
      content: JSON.stringify([42, { name: 'Rex', category: 'Dogs', colour: 'brown' }, { name: 'Ok', category: 1 }]),
    });
    expect(preview.rows.map((row) => row.errors.map((e) => e.path))).toEqual([[''], ['colour'], []]);
  });

  test('content over 5 MiB is refused before parsing', () => {
    t = openTestStore();
    const error = t.fail('data.previewImport', { format: 'csv', content: 'x'.repeat(5 * 1024 * 1024 + 1) });
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'content', message: 'The file is larger than 5 MiB' }] });
  });
});

describe('overview', () => {
  test('counts by status, stock by category, open orders, low stock and recent activity', () => {
    const { dogs } = shop();
    t.ok('pets.create', { name: 'Fido', categoryId: dogs.id });
    const overview = t.ok('stats.overview', {});
    expect(overview.petsByStatus).toEqual({ available: 1, pending: 2, sold: 0 });
    expect(overview.stockByCategory).toEqual([
      { categoryId: 2, name: 'Cats', pets: 1, stock: 0 },
      { categoryId: 1, name: 'Dogs', pets: 2, stock: 1 },
    ]);
    expect(overview.openOrders).toBe(1);
    expect(overview.lowStock).toBe(2); // Rex and Tom have 0 < threshold 1
    expect(overview.lowStockThreshold).toBe(1);
    expect(overview.recentOrders.map((order) => order.id)).toEqual([1]);
    // Newest first, at most ten: Fido's creation leads; the first category's creation is the oldest.
    for (let i = 0; i < 3; i++) t.ok('pets.update', { petId: 1, changes: { name: `Rex ${i}` } });
    const recent = t.ok('stats.overview', {}).recentEvents;
    expect(recent).toHaveLength(10);
    expect(recent.map((event) => event.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(recent[3].type).toBe('pet.created');
  });

  test('an empty shop', () => {
    t = openTestStore();
    expect(t.ok('stats.overview', {})).toEqual({
      petsByStatus: { available: 0, pending: 0, sold: 0 },
      stockByCategory: [],
      openOrders: 0,
      lowStock: 0,
      lowStockThreshold: 1,
      recentOrders: [],
      recentEvents: [],
    });
  });
});
