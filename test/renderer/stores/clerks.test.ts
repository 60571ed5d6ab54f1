import { afterEach, expect, test } from 'vitest';
import { useClerksStore } from '../../../src-renderer/stores/clerks';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('add, change role and PIN, mark as left: those who left are listed only when asked for', async () => {
  h = useRealApi({ desk: true });
  const clerks = useClerksStore();
  const olga = await clerks.create({ name: 'Olga', role: 'owner', pin: '1234' });
  const ben = await clerks.create({ name: 'Ben', role: 'clerk', pin: '2468' });
  expect(clerks.items.map((clerk) => [clerk.name, clerk.role, clerk.active])).toEqual([
    ['Ben', 'clerk', true],
    ['Olga', 'owner', true],
  ]);

  await clerks.update({ clerkId: ben.id, role: 'owner' });
  await clerks.update({ clerkId: ben.id, pin: '1357' });
  await clerks.update({ clerkId: ben.id, active: false });
  expect(clerks.items.map((clerk) => clerk.name)).toEqual(['Olga']);
  await clerks.setShowLeft(true);
  expect(clerks.items).toEqual([expect.objectContaining({ name: 'Ben', role: 'owner', active: false }), expect.objectContaining({ id: olga.id, active: true })]);
});

test('refusals come back as the service words them: a name taken, the last owner while logins are on', async () => {
  h = useRealApi({ desk: true });
  const clerks = useClerksStore();
  const olga = await clerks.create({ name: 'Olga', role: 'owner', pin: '1234' });
  await expect(clerks.create({ name: 'olga', role: 'clerk', pin: '1111' })).rejects.toMatchObject({
    code: 'VALIDATION_FAILED',
    details: [expect.objectContaining({ path: 'name' })],
  });
  h.ok('settings.update', { clerkLogins: true });
  // The owner's window is signed out by logins on; the owner (the service directly) tries the change.
  expect(h.fail('clerks.update', { clerkId: olga.id, role: 'clerk' })).toMatchObject({ code: 'VALIDATION_FAILED' });
  await expect(clerks.load()).resolves.toBeUndefined(); // clerks.list is anyone's: still read while locked
  expect(clerks.items.map((clerk) => clerk.role)).toEqual(['owner']);
});
