// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test } from 'vitest';
import { router } from '../../../src-renderer/router';
import { useCommandsStore } from '../../../src-renderer/stores/commands';
import { useRealApi, type RendererHarness } from '../support/real-api';

// A real service behind the renderer: the router's guard asks what this window may call.
let h: RendererHarness;
beforeEach(async () => {
  h = useRealApi();
  await router.push('/settings');
});
afterEach(() => h.close());

test('a command for another screen goes there first, then runs once that screen registers its handler', async () => {
  const commands = useCommandsStore();
  let opened = 0;
  await commands.run('pets.new');
  expect(router.currentRoute.value.name).toBe('pets');
  expect(opened).toBe(0);
  commands.handle('pets.new', () => opened++); // the Pets screen mounts
  expect(opened).toBe(1);
  await commands.run('pets.new'); // already there: runs at once
  expect(opened).toBe(2);
});

test('navigation commands only navigate; help opens the overlay; an unregistered handler is not called', async () => {
  const commands = useCommandsStore();
  let calls = 0;
  const unregister = commands.handle('search.focus', () => calls++);
  unregister();
  await commands.run('search.focus');
  expect(calls).toBe(0);

  await commands.run('go.inventory');
  expect(router.currentRoute.value.name).toBe('inventory');
  expect(commands.helpOpen).toBe(false);
  await commands.run('help.shortcuts');
  expect(commands.helpOpen).toBe(true);
});

test('while a modal dialog is open, commands do nothing: the dialog keeps the keyboard and what was typed', async () => {
  const commands = useCommandsStore();
  let opened = 0;
  commands.handle('pets.new', () => opened++);
  const dialog = document.createElement('div');
  dialog.setAttribute('aria-modal', 'true');
  document.body.append(dialog);
  try {
    await commands.run('pets.new');
    await commands.run('go.orders');
    await commands.run('help.shortcuts');
    expect(router.currentRoute.value.name).toBe('settings');
    expect(opened).toBe(0);
    expect(commands.helpOpen).toBe(false);
  } finally {
    dialog.remove();
  }
  await commands.run('go.orders');
  expect(router.currentRoute.value.name).toBe('orders');
});
