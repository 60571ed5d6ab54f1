/**
 * A restore on a full disk: the safety copy cannot be written, so the answer is STORAGE_FULL (507)
 * as for any write (not VALIDATION_FAILED "the disk is full"), nothing is replaced and no partial
 * copy is left. On a real 8 MiB tmpfs, which only root may mount (CI runs as root); elsewhere the
 * test is skipped and says why.
 */
import { existsSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { createBackup } from '../../src-main/service/backup';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { forgetStorageFull } from '../../src-main/service/storage-full';
import { openStore, type Store } from '../../src-main/service/store';
import { canMountTmpfs, fillUp, mountTmpfs } from '../helpers/full-disk';
import { tempDir } from '../helpers/temp-store';

if (!canMountTmpfs) console.log('test/service/restore-full-disk.test.ts skipped: mounting a small tmpfs needs root (CI runs it as root)');

describe.skipIf(!canMountTmpfs)('a restore whose safety copy meets a full disk (8 MiB tmpfs)', () => {
  const elsewhere = tempDir('petstore-restore-full-');
  let tmpfs: ReturnType<typeof mountTmpfs> | undefined;
  let disk: string;
  let store: Store;

  beforeAll(() => {
    tmpfs = mountTmpfs();
    disk = tmpfs.dir;
    store = openStore(join(disk, 'shop.db'));
  });
  afterAll(() => {
    store?.close();
    forgetStorageFull();
    tmpfs?.unmount();
    elsewhere.cleanup();
  });

  test('STORAGE_FULL, the shop as it was, no partial copy; with room again, the restore goes through', async () => {
    const { handlers } = createHostHandlers(store, 'browser-host');
    const call = (name: string, input: unknown) => invokeOperationAsync(handlers, name, input);
    const dogs = (await call('categories.create', { name: 'Dogs' })) as { ok: true; data: { id: number } };
    await call('pets.create', { name: 'Rex', categoryId: dogs.data.id });
    const monday = join(elsewhere.dir, 'monday.db');
    await createBackup(store, monday);
    await call('pets.create', { name: 'Bella', categoryId: dogs.data.id });

    const filler = fillUp(disk);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const refused = await call('backup.restore', { file: monday });
      expect(refused).toEqual({ ok: false, error: { code: 'STORAGE_FULL', status: 507, message: expect.stringMatching(/^The disk is full/) } });
      expect(logged).toHaveBeenCalledTimes(1); // once for the episode, as for writes
    } finally {
      logged.mockRestore();
    }
    const names = (await call('pets.list', {})) as { ok: true; data: { items: { name: string }[] } };
    expect(names.data.items.map((pet) => pet.name)).toEqual(['Rex', 'Bella']);
    const backups = join(disk, 'backups');
    expect(existsSync(backups) ? readdirSync(backups) : [], 'no partial copy is left').toEqual([]);

    unlinkSync(filler);
    const restored = await call('backup.restore', { file: monday });
    expect(restored).toMatchObject({ ok: true });
    const after = (await call('pets.list', {})) as { ok: true; data: { items: { name: string }[] } };
    expect(after.data.items.map((pet) => pet.name)).toEqual(['Rex']);
  });
});
