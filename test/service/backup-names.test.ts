/**
 * One format names the backups the app makes up: the Settings screen's suggestion and a restore's
 * safety copy, both in local time (docs/decisions.md#backup-names-are-in-local-time).
 */
import { basename, join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { backupFileName, safetyCopyName } from '../../src-shared/backup-names';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { openTestStore, type TestStore } from '../helpers/temp-store';

const zone = process.env.TZ;
let t: TestStore | undefined;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
  t?.close();
});

test('a backup name is the local date and time to the second', () => {
  const now = new Date(2026, 4, 1, 14, 30, 5); // local time
  expect(backupFileName(now)).toBe('petstore-2026-05-01-14-30-05.db');
  expect(safetyCopyName(now)).toBe('before-restore-2026-05-01-14-30-05.db');
});

test("a restore's safety copy is named in local time, as the Settings screen names backups", async () => {
  process.env.TZ = 'Pacific/Kiritimati'; // UTC+14: local and UTC differ in hour and date
  t = openTestStore();
  const file = join(t.dir, 'monday.db');
  await createBackup(t.store, file);
  const before = new Date();
  const { safetyBackup } = await restoreBackup(t.store, file);
  const after = new Date();
  expect([safetyCopyName(before), safetyCopyName(after)]).toContain(basename(safetyBackup));
});
