/**
 * Clerks on the real service (docs/decisions.md#clerk-logins): unique names case aside, PINs kept
 * as scrypt hashes, the last active owner kept while logins are on, logins switched on only with
 * an owner, and a new PIN, role or leaving ending that clerk's sessions.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { CLERKS_MAX } from '../../src-shared/schemas/clerk';
import { runForCaller, type Caller } from '../../src-main/service/caller';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { rawSql } from './support/around-the-service';

const DESK: Caller = { kind: 'till', till: null, session: null };
const sessionOf = (started: { session: { id: number; clerk: { id: number; name: string; role: 'clerk' | 'owner' } } }): Caller => ({
  kind: 'till',
  till: null,
  session: { sessionId: started.session.id, clerk: started.session.clerk },
});

describeOnEngines('clerks', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  const signIn = (clerkId: number, pin: string) => runForCaller(DESK, () => t.ok('sessions.start', { clerkId, pin }));
  const currentFor = async (caller: Caller) => (await runForCaller(caller, () => t.ok('sessions.current'))).session;

  test('a clerk is added, listed by name without the PIN, renamed; a name taken case aside is refused on name', async () => {
    const ben = await t.ok('clerks.create', { name: 'Ben', pin: '1234' });
    expect(ben).toEqual({ id: expect.any(Number), name: 'Ben', role: 'clerk', active: true, createdAt: expect.any(String) });
    const anna = await t.ok('clerks.create', { name: ' Anna ', role: 'owner', pin: '98765432' });
    expect((await t.ok('clerks.list')).map((clerk) => clerk.name)).toEqual(['Anna', 'Ben']);
    expect(JSON.stringify(await t.ok('clerks.list'))).not.toMatch(/pin|scrypt/i);
    const [stored] = await rawSql<{ hash: string }>(t, 'SELECT pin_hash AS hash FROM clerks WHERE id = ?', [ben.id]);
    expect(stored.hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);

    expect(await t.fail('clerks.create', { name: 'BEN', pin: '1111' })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'name' }] });
    expect(await t.fail('clerks.update', { clerkId: anna.id, name: 'ben' })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'name' }] });
    expect(await t.ok('clerks.update', { clerkId: ben.id, name: 'BEN' })).toMatchObject({ name: 'BEN' });
    expect(await t.ok('clerks.update', { clerkId: anna.id, name: 'Annika' })).toMatchObject({ name: 'Annika', role: 'owner' });
    expect(await t.fail('clerks.update', { clerkId: 999, name: 'Nobody' })).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await t.fail('clerks.create', { name: 'Cleo', pin: '12a4' })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'pin' }] });
    expect(await t.fail('clerks.update', { clerkId: ben.id })).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('a clerk who left is listed only when asked, and can come back', async () => {
    const ben = await t.ok('clerks.create', { name: 'Ben', pin: '1234' });
    expect(await t.ok('clerks.update', { clerkId: ben.id, active: false })).toMatchObject({ active: false });
    expect(await t.ok('clerks.list')).toEqual([]);
    expect(await t.ok('clerks.list', { includeInactive: true })).toMatchObject([{ name: 'Ben', active: false }]);
    expect(await t.ok('clerks.update', { clerkId: ben.id, active: true })).toMatchObject({ active: true });
  });

  test('logins switch on only with an active owner clerk; then the last active owner stays one and stays', async () => {
    expect(await t.fail('settings.update', { clerkLogins: true })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'clerkLogins' }] });
    const ben = await t.ok('clerks.create', { name: 'Ben', role: 'owner', pin: '1234' });
    await t.ok('clerks.update', { clerkId: ben.id, active: false });
    expect(await t.fail('settings.update', { clerkLogins: true })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'clerkLogins' }] });
    await t.ok('clerks.update', { clerkId: ben.id, active: true });
    expect(await t.ok('settings.update', { clerkLogins: true })).toMatchObject({ clerkLogins: true });

    expect(await t.fail('clerks.update', { clerkId: ben.id, role: 'clerk' })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'role' }] });
    expect(await t.fail('clerks.update', { clerkId: ben.id, active: false })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'active' }] });
    expect(await t.ok('clerks.list')).toMatchObject([{ role: 'owner', active: true }]);

    // A second owner frees the first.
    const cleo = await t.ok('clerks.create', { name: 'Cleo', role: 'owner', pin: '5678' });
    expect(await t.ok('clerks.update', { clerkId: ben.id, role: 'clerk' })).toMatchObject({ role: 'clerk' });
    expect(await t.fail('clerks.update', { clerkId: cleo.id, active: false })).toMatchObject({ details: [{ path: 'active' }] });
    // With logins off the rule does not hold: the one user is the owner anyway.
    await t.ok('settings.update', { clerkLogins: false });
    expect(await t.ok('clerks.update', { clerkId: cleo.id, role: 'clerk' })).toMatchObject({ role: 'clerk' });
  });

  test("a new PIN, a new role and leaving each end that clerk's sessions; a rename does not", async () => {
    const owner = await t.ok('clerks.create', { name: 'Olga', role: 'owner', pin: '0000' });
    const ben = await t.ok('clerks.create', { name: 'Ben', pin: '1234' });
    await t.ok('settings.update', { clerkLogins: true });
    const others = sessionOf(await signIn(owner.id, '0000'));

    const changes = [{ name: 'Benjamin' }, { pin: '4321' }, { role: 'owner' }, { active: false }] as const;
    let pin = '1234';
    for (const change of changes) {
      const session = sessionOf(await signIn(ben.id, pin));
      expect(await currentFor(session)).toMatchObject({ clerk: { id: ben.id } });
      await t.ok('clerks.update', { clerkId: ben.id, ...change });
      if ('pin' in change) pin = change.pin;
      expect(await currentFor(session), JSON.stringify(change)).toEqual('name' in change ? expect.objectContaining({ clerk: expect.objectContaining({ name: 'Benjamin' }) }) : null);
    }
    expect(await currentFor(others)).toMatchObject({ clerk: { id: owner.id } });
  });

  test('switching logins off ends every session', async () => {
    const owner = await t.ok('clerks.create', { name: 'Olga', role: 'owner', pin: '0000' });
    await t.ok('settings.update', { clerkLogins: true });
    const session = sessionOf(await signIn(owner.id, '0000'));
    expect(await currentFor(session)).not.toBeNull();
    await t.ok('settings.update', { clerkLogins: false });
    await t.ok('settings.update', { clerkLogins: true });
    expect(await currentFor(session)).toBeNull();
  });

  test('a shop keeps at most CLERKS_MAX clerks, those who left included (the list a till shows is bounded)', async () => {
    // Written around the service in one statement: creating 199 through it would hash 199 PINs.
    const rows = Array.from({ length: CLERKS_MAX - 1 }, (_, i) => [`Clerk ${i + 1}`, `clerk ${i + 1}`]);
    await rawSql(
      t,
      `INSERT INTO clerks (name, name_key, role, pin_hash, created_at) VALUES ${rows.map(() => "(?, ?, 'clerk', 'x', '2026-11-28T00:00:00Z')").join(', ')}`,
      rows.flat(),
    );
    const last = await t.ok('clerks.create', { name: 'The last', pin: '1234' });
    await t.ok('clerks.update', { clerkId: last.id, active: false });
    expect(await t.fail('clerks.create', { name: 'One more', pin: '1234' })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'name', message: expect.stringMatching(/at most 200 clerks/) }] });
    expect(await t.ok('clerks.list', { includeInactive: true })).toHaveLength(CLERKS_MAX);
  });
});
