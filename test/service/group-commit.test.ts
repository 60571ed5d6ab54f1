import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ErrorBody } from '../../src-shared/errors';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { Settled } from '../../src-main/service/group-commit';
import { openStore } from '../../src-main/service/store';
import { forgetStorageFull } from '../../src-main/service/storage-full';
import { createTokenVerifier } from '../../src-main/service/sqlite-token-verifier';
import { openTestStore, type TestStore } from '../helpers/temp-store';

/**
 * Group commit (service/group-commit.ts), as the REST listener uses it: writes that arrive together
 * share one COMMIT, and nobody hears of them before it. Checked on a real file, with a second
 * connection standing for any other reader (the CLI, a backup tool).
 */

let t: TestStore;
let other: Database.Database | undefined;
afterEach(() => {
  other?.close();
  other = undefined;
  t?.close();
});

function setUp(stock = 3) {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs', lowStockThreshold: 1 }); // an order leaves it above: no inventory.low among the events
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  t.ok('inventory.set', { petId: rex.id, update: { quantity: stock } });
  other = new Database(t.file, { readonly: true });
  return { rex, commits: t.store.context.commits, handlers: t.store.handlers };
}

/** What another connection sees: committed orders and stock. */
const committedOrders = () => (other!.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number);
const committedStock = (petId: number) => other!.prepare('SELECT quantity FROM inventory WHERE pet_id = ?').pluck().get(petId) as number;

/** A held answer: records what it was told. */
function answer() {
  const told: { settled: boolean; failure?: ErrorBody } = { settled: false };
  const settle: Settled = (failure) => {
    told.settled = true;
    told.failure = failure;
  };
  return { told, settle };
}

describe('writes that arrive together', () => {
  test('share one commit, and their answers wait for it', async () => {
    const { rex, commits, handlers } = setUp();
    const answers = [answer(), answer()];
    for (const { settle } of answers) {
      commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
      commits.hold(settle);
    }
    expect(commits.isOpen).toBe(true);
    expect(answers.every(({ told }) => !told.settled)).toBe(true);
    expect(committedOrders()).toBe(0); // not on disk yet, and nobody was told otherwise
    expect(committedStock(rex.id)).toBe(3);

    await new Promise((resolve) => setImmediate(resolve)); // the turn's end: the batch commits
    expect(commits.isOpen).toBe(false);
    expect(answers.map(({ told }) => told)).toEqual([{ settled: true, failure: undefined }, { settled: true, failure: undefined }]);
    expect(committedOrders()).toBe(2);
    expect(committedStock(rex.id)).toBe(1);
  });

  test('a refused member undoes only its own work; it sees the work of those before it', async () => {
    const { rex, commits, handlers } = setUp(1);
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    // The last unit went to the first order, inside the same batch.
    expect(() => commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }))).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_STOCK' }),
    );
    expect(commits.isOpen).toBe(true);
    commits.flush();
    expect(committedOrders()).toBe(1);
    expect(committedStock(rex.id)).toBe(0);
  });

  test('a read when no batch is open runs at once; one inside a batch sees the batch', () => {
    const { rex, commits, handlers } = setUp();
    expect(commits.join(false, () => handlers['inventory.get']({ petId: rex.id })).quantity).toBe(3);
    expect(commits.isOpen).toBe(false);
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 2 }));
    expect(commits.join(false, () => handlers['inventory.get']({ petId: rex.id })).quantity).toBe(1);
    commits.flush();
  });

  test('subscribers hear of the events of a batch only once it has committed', async () => {
    const { rex, commits, handlers } = setUp();
    const heard: StoreEvent[] = [];
    const unsubscribe = t.store.feed.subscribe((event) => heard.push(event));
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    expect(heard).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.filter((event) => event.type === 'order.placed')).toHaveLength(2);
    unsubscribe();
  });
});

describe('callers outside the batch', () => {
  test('a write through the service (IPC, the CLI code path) commits the batch first and then its own', () => {
    const { rex, commits, handlers } = setUp();
    const member = answer();
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    commits.hold(member.settle);
    t.ok('orders.place', { petId: rex.id, quantity: 1 }); // invokeOperation, as IPC calls it
    expect(member.told).toEqual({ settled: true, failure: undefined });
    expect(commits.isOpen).toBe(false);
    expect(committedOrders()).toBe(2); // both on disk when the IPC call returned
  });

  test('a read through the service commits the batch first: it never shows uncommitted work', () => {
    const { rex, commits, handlers } = setUp();
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    expect(t.ok('inventory.get', { petId: rex.id }).quantity).toBe(2);
    expect(commits.isOpen).toBe(false);
    expect(committedStock(rex.id)).toBe(2);
  });

  test('closing the store commits an open batch', () => {
    const { rex, commits, handlers } = setUp();
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    const file = t.file;
    t.store.close();
    const reopened = new Database(file, { readonly: true });
    expect(reopened.prepare('SELECT COUNT(*) FROM orders').pluck().get()).toBe(1);
    reopened.close();
  });
});

describe('a batch that cannot commit', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(logged).toHaveBeenCalled(); // the fault goes to the log, not to the clients
    logged.mockRestore();
  });

  test('every held answer is the failure, and nothing of the batch remains', async () => {
    const { rex, commits, handlers } = setUp();
    const answers = [answer(), answer()];
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    commits.hold(answers[0].settle);
    commits.join(true, () => {
      // A member whose work breaks a rule SQLite checks only at COMMIT (a deferred foreign key).
      t.store.db.pragma('defer_foreign_keys = ON');
      t.store.db.prepare('INSERT INTO inventory (pet_id, quantity) VALUES (999999, 1)').run();
    });
    commits.hold(answers[1].settle);
    await new Promise((resolve) => setImmediate(resolve));
    for (const { told } of answers) {
      expect(told.settled).toBe(true);
      expect(told.failure).toMatchObject({ code: 'INTERNAL', status: 500 });
      expect(told.failure!.message).not.toMatch(/FOREIGN|constraint|at /); // no internals reach a client
    }
    expect(t.store.db.inTransaction).toBe(false);
    expect(committedOrders()).toBe(0);
    expect(committedStock(rex.id)).toBe(3);
    // The store goes on working.
    expect(t.ok('orders.place', { petId: rex.id, quantity: 1 }).quantity).toBe(1);
  });

  test('a batch SQLite rolled back under a member is failed at once, and the next write starts afresh', () => {
    const { rex, commits, handlers } = setUp();
    const first = answer();
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    commits.hold(first.settle);
    // As SQLite does on a full disk or an I/O error: the whole transaction is gone.
    commits.join(true, () => t.store.db.exec('ROLLBACK'));
    expect(first.told.failure).toMatchObject({ code: 'INTERNAL', status: 500 });
    expect(commits.isOpen).toBe(false);
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    commits.flush();
    expect(committedOrders()).toBe(1);
    expect(committedStock(rex.id)).toBe(2);
  });
});

describe('a full disk (SQLite\'s max_page_count stands for it: the same SQLITE_FULL, no root needed)', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    logged.mockRestore();
    forgetStorageFull(); // the episode is the process's: the next test starts without one
  });

  /** Caps the file at the pages it has, as a full disk would. */
  const fillDisk = () => t.store.db.pragma(`max_page_count = ${t.store.db.pragma('page_count', { simple: true })}`);
  const freeSpace = () => t.store.db.pragma('max_page_count = 1073741823');
  /** Joins pet creations to the open batch until one finds the disk full; returns the held answers and that failure. */
  function createUntilFull(commits: TestStore['store']['context']['commits'], handlers: TestStore['store']['handlers'], categoryId: number) {
    const answers: ReturnType<typeof answer>[] = [];
    for (let i = 0; i < 10_000; i++) {
      try {
        commits.join(true, () => handlers['pets.create']({ name: `Pet ${i} ${'x'.repeat(80)}`, categoryId }));
      } catch (error) {
        return { answers, error };
      }
      const held = answer();
      commits.hold(held.settle);
      answers.push(held);
    }
    throw new Error('the disk never filled');
  }

  test('every member of the batch is told STORAGE_FULL (not INTERNAL), logged once as one line, and nothing of it remains', () => {
    const { rex, commits, handlers } = setUp();
    const pets = () => other!.prepare('SELECT COUNT(*) FROM pets').pluck().get();
    const before = pets();
    fillDisk();
    for (let round = 0; round < 3; round++) {
      const { answers, error } = createUntilFull(commits, handlers, rex.categoryId);
      expect(error).toMatchObject({ code: 'SQLITE_FULL' });
      expect(answers.length).toBeGreaterThan(0);
      for (const { told } of answers) expect(told).toMatchObject({ settled: true, failure: { code: 'STORAGE_FULL', status: 507 } });
      expect(commits.isOpen).toBe(false);
    }
    expect(pets()).toBe(before);
    // Reads go on, from this connection and others.
    expect(t.ok('inventory.get', { petId: rex.id }).quantity).toBe(3);
    expect(logged).toHaveBeenCalledTimes(1);
    const line = logged.mock.calls[0]!;
    expect(line).toEqual([expect.stringMatching(/^\[petstore\] The disk holding the database is full: .*STORAGE_FULL/)]);
    expect(String(line[0])).not.toMatch(/\n|\bat /); // one line, no stack trace
  });

  test('a nearly full disk that takes some writes and refuses others is one episode, logged once', () => {
    const { rex, commits, handlers } = setUp();
    fillDisk();
    createUntilFull(commits, handlers, rex.categoryId);
    // The batch's pages were given back: small writes fit again, larger ones do not.
    const results = Array.from({ length: 30 }, (_, i) => t.call('pets.create', { name: `Over IPC ${i} ${'x'.repeat(i % 2 ? 4 : 80)}`, categoryId: rex.categoryId }));
    expect(results.some((result) => result.ok)).toBe(true);
    for (const result of results) if (!result.ok) expect(result.error).toMatchObject({ code: 'STORAGE_FULL', status: 507 });
    expect(results.some((result) => !result.ok)).toBe(true);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  test('once space returns writes commit again; a full disk after a minute of successful writes is a new episode, logged again', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { rex, commits, handlers } = setUp();
      fillDisk();
      createUntilFull(commits, handlers, rex.categoryId);
      expect(logged).toHaveBeenCalledTimes(1);
      freeSpace();
      commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
      commits.flush();
      expect(committedOrders()).toBe(1);
      vi.setSystemTime(Date.now() + 61_000);
      t.ok('orders.place', { petId: rex.id, quantity: 1 });
      expect(committedOrders()).toBe(2);
      fillDisk();
      createUntilFull(commits, handlers, rex.categoryId);
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the token bookkeeping every request does', () => {
  const lastUsed = (id: number) => t.ok('tokens.list', {}).find((token) => token.id === id)!.lastUsedAt;

  test('a verified request records the use of its token, with the writes of its turn when a batch is open', async () => {
    const { rex, commits, handlers } = setUp();
    const { token, secret } = t.ok('tokens.create', { label: 'shop sync', scope: 'write' });
    const verifier = createTokenVerifier(t.store.context);
    commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
    expect(verifier.verify(secret)).toEqual({ id: token.id, scope: 'write' });
    expect(commits.isOpen).toBe(true); // recorded inside the batch, not committed on its own
    await new Promise((resolve) => setImmediate(resolve));
    expect(other!.prepare('SELECT last_used_at FROM api_tokens WHERE id = ?').pluck().get(token.id)).toEqual(expect.any(String));
  });

  test('while another process holds the write lock, verifying neither waits for it nor fails; a later request records the use', () => {
    setUp();
    const { token, secret } = t.ok('tokens.create', { label: 'shop sync', scope: 'read' });
    const verifier = createTokenVerifier(t.store.context);
    const writer = new Database(t.file);
    try {
      writer.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      expect(verifier.verify(secret)).toEqual({ id: token.id, scope: 'read' });
      expect(performance.now() - started).toBeLessThan(1000); // the busy timeout is 5 s
      writer.exec('ROLLBACK');
      expect(lastUsed(token.id)).toBeNull();
      expect(verifier.verify(secret)).toEqual({ id: token.id, scope: 'read' });
      expect(lastUsed(token.id)).toEqual(expect.any(String));
    } finally {
      writer.close();
    }
  });
});

describe('asking for the write lock without waiting', () => {
  test('SQLite busy wait is off inside, and back to the busy timeout after, every time', () => {
    setUp();
    const { db, context } = t.store;
    const timeout = () => db.pragma('busy_timeout', { simple: true });
    for (let i = 0; i < 3; i++) {
      expect(context.commits.withoutWaiting(timeout)).toBe(0);
      expect(timeout()).toBe(5000);
      db.exec(`CREATE TEMP TABLE scratch_${i} (x)`); // a schema change re-prepares kept statements
    }
    expect(() => context.commits.withoutWaiting(() => { throw new Error('failed inside'); })).toThrow('failed inside');
    expect(timeout()).toBe(5000);
  });

  test('tryOpen says false at once while another connection holds the lock; open waits for it without blocking, or rejects busy', async () => {
    const { commits } = setUp();
    const writer = new Database(t.file);
    try {
      writer.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      expect(commits.tryOpen()).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
      await expect(commits.open(100)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      const opening = commits.open(5000);
      await new Promise((resolve) => setTimeout(resolve, 20)); // the event loop runs meanwhile
      writer.exec('COMMIT');
      await opening;
      expect(commits.isOpen).toBe(true);
      commits.flush();
    } finally {
      writer.close();
    }
  });
});

test('the feed looking for commits of other processes waits while a batch is open: nothing uncommitted is delivered', () => {
  const { rex, commits, handlers } = setUp();
  const heard: StoreEvent[] = [];
  const unsubscribe = t.store.feed.subscribe((event) => heard.push(event));
  // Another process commits (the feed's timer has not seen it yet), then a batch opens.
  const cli = openStore(t.file);
  cli.handlers['categories.create']({ name: 'From the CLI' });
  cli.close();
  commits.join(true, () => handlers['orders.place']({ petId: rex.id, quantity: 1 }));
  t.store.feed.poll(); // as the timer would, in the same turn as the batch
  expect(heard).toEqual([]);
  commits.flush();
  expect(heard.map((event) => event.type)).toEqual(['category.created', 'order.placed', 'inventory.updated']);
  unsubscribe();
});
