/**
 * The disk under the database is full: the clerk hears STORAGE_FULL (507), not INTERNAL, reads go
 * on, the main process logs it once (one line, no stack trace), and writes work again once there
 * is room. SQLite's max_page_count caps the file as a full disk would (the same SQLITE_FULL), so
 * this runs anywhere; test/rest/full-disk.test.ts fills a real filesystem.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { Pet } from '../../src-shared/schemas/pet';
import { forgetStorageFull } from '../../src-main/service/storage-full';
import { expectError, expectOk, openIpcHarness, seedShop, type IpcHarness } from './harness';

let h: IpcHarness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  forgetStorageFull();
  await h?.close();
  h = undefined;
});

test('a write on a full disk is STORAGE_FULL over IPC, logged once; reads go on; once there is room, writes go on', async () => {
  h = openIpcHarness();
  const shop = seedShop(h.t);
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { db } = h.t.store;
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);

  const created: Pet[] = [];
  let refusals = 0;
  for (let i = 0; i < 200; i++) {
    const result = await h.call('pets.create', { name: `Pet ${i} ${'x'.repeat(80)}`, categoryId: shop.dogs.id });
    if (result.ok) created.push(result.data as Pet);
    else {
      expectError(result, 'STORAGE_FULL');
      refusals++;
    }
  }
  expect(refusals).toBeGreaterThan(100);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(logged.mock.calls[0]).toEqual([expect.stringMatching(/^\[petstore\] The disk holding the database is full: [^\n]*$/)]);

  const listed = expectOk<{ items: Pet[]; total: number }>(await h.call('pets.list', { categoryId: shop.dogs.id, limit: 500 }));
  expect(listed.total).toBe(2 + created.length); // Rex and Bella, and every pet that was acknowledged

  db.pragma('max_page_count = 1073741823');
  expectOk(await h.call('pets.create', { name: `After ${'x'.repeat(80)}`, categoryId: shop.dogs.id }));
  expect(logged).toHaveBeenCalledTimes(1);
});
