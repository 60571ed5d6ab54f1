/**
 * A restore while another process keeps writing to the same file (a headless server taking orders,
 * a CLI import) loses nothing that process was told is on disk: every order it acknowledged is
 * either in the restore's safety backup (it was committed before the restore) or still in the
 * store (after it). The safety backup is the shop exactly as the restore replaced it.
 * SQLite only: a restore replaces the file's records; PostgreSQL is restored with pg_restore
 * (docs/decisions.md#a-postgresql-store-is-restored-with-its-own-tools).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { petstore } from '../helpers/cli-in-process';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { openStore, type Store } from '../../src-main/service/store';
import { invokeOperation } from '../../src-main/service/invoke';
import { tempDir } from '../helpers/temp-store';
import { fixture, killAll, spawnTs, type TsChild } from './support/child';

const RESTORES = 3;
const { dir, cleanup } = tempDir('petstore-restore-race-');
let store: Store | undefined;

afterEach(async () => {
  await killAll();
  store?.close();
  cleanup();
});

/** Order ids a database file holds. */
function orderIdsIn(file: string): Set<number> {
  const db = new Database(file, { readonly: true });
  try {
    return new Set(db.prepare('SELECT id FROM orders').pluck().all() as number[]);
  } finally {
    db.close();
  }
}

/** Resolves once the child has acknowledged `more` orders beyond those it had already. */
async function ordersAcknowledged(child: TsChild, more: number): Promise<void> {
  const target = child.lines.length + more;
  const deadline = Date.now() + 20_000;
  while (child.lines.length < target) {
    expect(child.lines.filter((line) => line.startsWith('error')), child.stderr).toEqual([]);
    expect(Date.now() < deadline, `the other process stopped ordering: ${child.lines.slice(-3).join(' | ')} ${child.stderr}`).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test(
  'orders another process commits while a restore runs are each in the safety backup or in the store afterwards',
  async () => {
    const file = join(dir, 'shop.db');
    // Enough pets that the copies take more than a moment: the other process commits meanwhile.
    expect(await petstore(['seed', '--db', file, '--pets', '30000'])).toMatchObject({ code: 0 });
    store = openStore(file);
    const petId = 1;
    const set = invokeOperation(store.handlers, 'inventory.set', { petId, update: { quantity: 1_000_000 } });
    expect(set.ok).toBe(true);
    const backup = join(dir, 'monday.db');
    await createBackup(store, backup);

    const child = spawnTs(fixture('concurrency/fixtures/order-loop.ts'), [file, String(petId)]);
    await child.waitForLine(/^ready$/);
    await ordersAcknowledged(child, 20);

    const safetyBackups: string[] = [];
    for (let i = 0; i < RESTORES; i++) {
      safetyBackups.push((await restoreBackup(store, backup)).safetyBackup);
      await ordersAcknowledged(child, 20);
    }
    child.child.kill('SIGKILL');
    await child.exited;

    const acknowledged = child.lines.slice(1).filter((line) => /^\d+ \d+$/.test(line)).map((line) => Number(line.split(' ')[0]));
    const kept = new Set([...orderIdsIn(file), ...safetyBackups.flatMap((safety) => [...orderIdsIn(safety)])]);
    const lost = acknowledged.filter((id) => !kept.has(id));
    expect(lost, `${lost.length} of ${acknowledged.length} acknowledged orders are in neither the store nor a safety backup`).toEqual([]);
    // Each safety backup is a whole store that opens as one.
    for (const safety of safetyBackups) {
      const db = new Database(safety, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('user_version', { simple: true })).toBe((store.db.pragma('user_version', { simple: true })));
      db.close();
    }
  },
  120_000,
);
