/**
 * What a serving PostgreSQL store keeps follows every process's writes (change-watch.ts): a list's
 * total kept by one server is counted again after its own write at once, and after another
 * server's write once its NOTIFY arrives; a store that does not serve keeps nothing. A change of
 * tokens, settings or sessions moves every serving store's watch; recording a token's use does not.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { openPostgresStore, type PostgresStore } from '../../src-main/service/postgres-store';
import { postgresEngineStore } from '../helpers/engine-stores';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';

/** A NOTIFY arrives in well under a millisecond here; the margin is for a loaded CI machine. */
const HEARD_MS = 5_000;

describePostgres('a serving store follows every process’s writes', () => {
  const database = freshPostgresDatabase({ migrated: true });
  const opened: PostgresStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  const open = async (serving: boolean) => {
    const store = await openPostgresStore(database.url, { serving, maxConnections: 2 });
    opened.push(store);
    await store.watch.ready();
    return postgresEngineStore(store);
  };

  test('a kept total moves with this store’s writes at once and another’s once heard', async () => {
    const [here, there, cli] = [await open(true), await open(true), await open(false)];
    const category = await here.ok('categories.create', { name: 'Cats' });
    const pet = (name: string, t = here) => t.ok('pets.create', { name, categoryId: category.id });
    for (const name of ['Tom', 'Kit', 'Ada']) await pet(name);
    const total = async (t = here) => (await t.ok('pets.list', { limit: 1 })).total;
    expect(await total()).toBe(3);

    await pet('Max', there);
    await vi.waitFor(async () => expect(await total()).toBe(4), HEARD_MS);
    await pet('Zed', cli); // a CLI command's write announces itself too
    await vi.waitFor(async () => expect(await total()).toBe(5), HEARD_MS);
    await pet('Ivy');
    expect(await total(), 'its own write, at once').toBe(6);
    expect(await total(cli), 'a store that does not serve counts each time').toBe(6);
  });

  test('a watched change moves the watch here at once and elsewhere once heard; a token’s use does not', async () => {
    const stores = [await openPostgresStore(database.url, { serving: true, maxConnections: 2 }), await openPostgresStore(database.url, { serving: true, maxConnections: 2 })];
    opened.push(...stores);
    const [here, there] = stores as [PostgresStore, PostgresStore];
    await Promise.all(stores.map((store) => store.watch.ready()));
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200)); // each store's own NOTIFY too
      return [here.watch.watched(), there.watch.watched()];
    };
    const start = await settled();
    const created = await postgresEngineStore(here).ok('tokens.create', { label: 'till', scope: 'read' });
    expect(here.watch.watched(), 'the creating store, before it answered').toBeGreaterThan(start[0]!);
    await vi.waitFor(() => expect(there.watch.watched()).toBeGreaterThan(start[1]!), HEARD_MS);

    // Recorded once a minute per token by every server: not a change of what the caches keep.
    const before = await settled();
    await here.run(here.steps.write(() => here.steps.tokens.touch(created.token.id, new Date().toISOString())));
    expect(await settled()).toEqual(before);

    await postgresEngineStore(there).ok('tokens.revoke', { tokenId: created.token.id });
    expect(there.watch.watched(), 'the revoking store, before it answered').toBeGreaterThan(before[1]!);
    await vi.waitFor(() => expect(here.watch.watched()).toBeGreaterThan(before[0]!), HEARD_MS);
  });
});
