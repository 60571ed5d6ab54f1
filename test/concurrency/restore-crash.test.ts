/**
 * `petstore restore` killed at each of its durability points in turn: strace's fault injection sends
 * SIGKILL when the process calls fsync (or fdatasync) for the Nth time, for N = 1, 2, … until a run
 * finishes. After each kill the shop as it was before the restore is either still live or whole in
 * a safety copy under its own name, every such copy holds exactly it, and integrity_check is ok; the
 * next start removes what the kill left (partial files, the scratch copy of the backup).
 * (With the safety copy written in the replacement's own transaction, a kill at the live store's
 * WAL fsync left the shop restored and the copy empty.) Linux only, and strace must be installed
 * (.ci/run installs it); elsewhere the test is skipped and says why.
 * SQLite only: a restore replaces the file's records; PostgreSQL is restored with pg_restore
 * (docs/decisions.md#a-postgresql-store-is-restored-with-its-own-tools).
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createBackup } from '../../src-main/service/backup';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore, type Store } from '../../src-main/service/store';
import { tempDir } from '../helpers/temp-store';
import { killAll, ROOT, spawnChild } from './support/child';

const BIN = join(ROOT, 'bin', 'petstore.mjs');
const SYNCS = ['fsync', 'fdatasync'] as const;
/** More than a restore makes (11 fsyncs measured): a run that is never killed ends the series. */
const MOST_POINTS = 40;

/** Why strace's fault injection cannot run here, if it cannot. */
function whyNoStrace(): string | undefined {
  if (process.platform !== 'linux') return `strace's fault injection needs Linux (this is ${process.platform})`;
  const probe = spawnSync('strace', ['-f', '-qq', '-o', '/dev/null', '-e', 'trace=fsync', '-e', 'inject=fsync:signal=KILL:when=1', '--', 'true'], { encoding: 'utf8' });
  if (probe.error) return `strace is not installed (${(probe.error as NodeJS.ErrnoException).code}); .ci/run installs it`;
  if (probe.status !== 0) return `strace cannot trace processes here: ${probe.stderr.trim()}`;
  return undefined;
}
const noStrace = whyNoStrace();
if (noStrace) console.log(`[restore-crash.test] skipped: ${noStrace}`);

const { dir, cleanup } = tempDir('petstore-restore-crash-');
const before = join(dir, 'before.db'); // the shop as it is when the restore starts
const backup = join(dir, 'monday.db'); // the backup it restores
// The system's temporary folder, for the restores and this file: where a killed restore leaves its scratch copy.
const scratch = join(dir, 'tmp');
const systemTmp = process.env.TMPDIR;
afterEach(killAll);
afterAll(() => {
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  cleanup();
});

const ok = <T>(store: Store, name: string, input: unknown): T => {
  const result = invokeOperation(store.handlers, name, input);
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`);
  return result.data as T;
};

beforeAll(async () => {
  mkdirSync(scratch);
  process.env.TMPDIR = scratch; // the children inherit it
  const store = openStore(before);
  try {
    const dogs = ok<{ id: number }>(store, 'categories.create', { name: 'Dogs' });
    const rex = ok<{ id: number }>(store, 'pets.create', { name: 'Rex', categoryId: dogs.id });
    ok(store, 'inventory.set', { petId: rex.id, update: { quantity: 5 } });
    await createBackup(store, backup);
    // Work after the backup: what a restore replaces, and what must never be lost.
    const cats = ok<{ id: number }>(store, 'categories.create', { name: 'Cats' });
    ok(store, 'pets.create', { name: 'Tom', categoryId: cats.id });
    ok(store, 'orders.place', { petId: rex.id, quantity: 2 });
    ok(store, 'settings.update', { shopName: 'Paws & Claws' });
  } finally {
    store.close();
  }
});

/** The tables a restore replaces, row by row, and SQLite's verdict on the file. */
function shopIn(file: string): { integrity: unknown; rows: Record<string, unknown[]> } {
  const db = new Database(file, { fileMustExist: true }); // read-write: a killed writer's log is recovered
  try {
    const rows: Record<string, unknown[]> = {};
    for (const table of ['categories', 'pets', 'inventory', 'orders', 'settings']) rows[table] = db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
    return { integrity: db.pragma('integrity_check', { simple: true }), rows };
  } finally {
    db.close();
  }
}

/** The restore in a fresh copy of the shop, under strace with `straceArgs`; resolves with its exit and folder. */
async function restoreUnder(name: string, straceArgs: string[]) {
  const folder = join(dir, name);
  mkdirSync(folder);
  const live = join(folder, 'shop.db');
  copyFileSync(before, live);
  const child = spawnChild('strace', ['-f', '-qq', ...straceArgs, '--', process.execPath, BIN, 'restore', '--from', backup, '--db', live]);
  // A restore of this small shop takes about 2 s under strace here (Node's startup, mostly).
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`${name}: still running after 60 s\n${child.stderr}`)), 60_000)));
  try {
    const exit = await Promise.race([child.exited, stuck]);
    return { exit, live, folder, stdout: child.lines.join('\n'), stderr: child.stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** What the backup folder holds (nothing when a kill came before it was made). */
const backupsIn = (folder: string) => (existsSync(join(folder, 'backups')) ? readdirSync(join(folder, 'backups')) : []);
const safetyCopiesIn = (folder: string) => backupsIn(folder).filter((name) => /^before-restore-.*\.db$/.test(name)).map((name) => join(folder, 'backups', name));

test(
  'a restore killed at any fsync leaves the shop as it was either live or whole in a safety copy',
  async (context) => {
    if (noStrace) context.skip(noStrace);
    const old = shopIn(before).rows;
    const restored = shopIn(backup).rows;
    expect(restored).not.toEqual(old);

    // A run without a kill names each durability point (strace -y prints the file synced).
    const traced = await restoreUnder('traced', ['-y', '-o', join(dir, 'syncs.log'), '-e', `trace=${SYNCS.join(',')}`]);
    expect(traced.exit, traced.stderr).toEqual({ code: 0, signal: null });
    // "fsync(31</tmp/…/traced/backups>) = 0" is the point "fsync of backups".
    const points = readFileSync(join(dir, 'syncs.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\d+ +(\w+)\(\d+<(.*)>\).*$/, '$1 of $2').replace(`${traced.folder}/`, '').replace(traced.folder, 'the database folder'));

    const outcomes: string[] = [];
    let scratchLeft = 0;
    for (const sync of SYNCS) {
      for (let n = 1; ; n++) {
        expect(n, `${sync}: a run with no kill ended every series before`).toBeLessThanOrEqual(MOST_POINTS);
        const run = await restoreUnder(`${sync}-${n}`, ['-o', '/dev/null', '-e', `trace=${sync}`, '-e', `inject=${sync}:signal=KILL:when=${n}`]);
        const at = `killed at ${sync} #${n} (${points.filter((point) => point.startsWith(`${sync} of `))[n - 1] ?? 'not in the traced run'})`;
        if (run.exit.signal === null) {
          // More than this run makes: it finished, restored, with the shop as it was in its safety copy.
          expect(run.exit, `${sync} #${n}: ${run.stderr}`).toEqual({ code: 0, signal: null });
          expect(run.stdout).toMatch(/^Restored from .*monday\.db\. The data as it was is kept in .*before-restore-.*\.db\.$/);
          expect(shopIn(run.live).rows).toEqual(restored);
          expect(safetyCopiesIn(run.folder).map((file) => shopIn(file).rows)).toEqual([old]);
          break;
        }
        expect(run.exit, `${at}: ${run.stderr}`).toEqual({ code: null, signal: 'SIGKILL' });
        const live = shopIn(run.live);
        expect(live.integrity, `${at}: the live store`).toBe('ok');
        // A copy under its own name is whole and holds exactly the shop as it was; partial files do not count.
        const copies = safetyCopiesIn(run.folder).map((file) => ({ file, ...shopIn(file) }));
        for (const copy of copies) {
          expect(copy.integrity, `${at}: ${copy.file}`).toBe('ok');
          expect(copy.rows, `${at}: ${copy.file} holds the shop as it was`).toEqual(old);
        }
        if (JSON.stringify(live.rows) === JSON.stringify(old)) {
          outcomes.push(`${at}: as it was`);
        } else {
          expect(live.rows, `${at}: the live store is neither the shop as it was nor the backup`).toEqual(restored);
          expect(copies, `${at}: restored, but the shop as it was is in no safety copy`).toHaveLength(1);
          outcomes.push(`${at}: restored`);
        }
        // The next start removes the half-written copy a kill left (the dead process's partial files)
        // and its scratch copy of the backup (the shop's data, in the temporary folder).
        const scratchFolders = () => readdirSync(scratch).filter((name) => name.startsWith('petstore-')); // tsx keeps its cache there too
        scratchLeft += scratchFolders().length;
        openStore(run.live).close();
        expect(backupsIn(run.folder).filter((name) => name.includes('.partial-')), at).toEqual([]);
        expect(scratchFolders(), `${at}: scratch folders left`).toEqual([]);
      }
    }
    console.log(outcomes.join('\n'));
    expect(scratchLeft, 'kills that left a scratch folder (named with their pid) for the next start to remove').toBeGreaterThan(0);
    // The kills came both before the replacement committed and after: the window the loss was in.
    expect(outcomes.some((outcome) => outcome.endsWith('as it was')), outcomes.join('\n')).toBe(true);
    expect(outcomes.some((outcome) => outcome.endsWith('restored')), outcomes.join('\n')).toBe(true);
    // The safety copy and its folder are synced before the live store's log is first synced.
    const firstLog = points.findIndex((point) => point.includes('shop.db-wal'));
    expect(firstLog, points.join('\n')).toBeGreaterThan(0);
    const beforeLog = points.slice(0, firstLog);
    expect(beforeLog.some((point) => /^fsync of backups\/before-restore-.*\.partial-\d+$/.test(point)), points.join('\n')).toBe(true);
    expect(beforeLog, points.join('\n')).toContain('fsync of backups');
  },
  // About 14 runs of about 2 s each: 35 s measured for the whole test; several times that under load.
  240_000,
);
