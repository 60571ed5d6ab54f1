// @vitest-environment happy-dom
import { expect, test } from 'vitest';
import { COMMAND_NAMES, COMMANDS } from '../../../src-shared/commands';
import { commandForKey, parseAccelerator, shortcutLabel } from '../../../src-renderer/composables/useShortcuts';

const press = (code: string, init: KeyboardEventInit = {}, target?: HTMLElement) => {
  const event = new KeyboardEvent('keydown', { code, key: init.key ?? code, bubbles: true, ...init });
  if (target) Object.defineProperty(event, 'target', { value: target });
  return event;
};

test('accelerators are read layout-independently (by key position) with their modifiers', () => {
  expect(parseAccelerator('CmdOrCtrl+Shift+N')).toEqual({ primary: true, shift: true, alt: false, code: 'KeyN' });
  expect(parseAccelerator('CmdOrCtrl+2')).toEqual({ primary: true, shift: false, alt: false, code: 'Digit2' });
  expect(parseAccelerator('F1')).toEqual({ primary: false, shift: false, alt: false, code: 'F1' });
  expect(shortcutLabel('CmdOrCtrl+Shift+O')).toBe('Ctrl+Shift+O');
});

test('every command of the table is reached by its own key press, and by no other', () => {
  for (const name of COMMAND_NAMES) {
    const combo = parseAccelerator(COMMANDS[name].accelerator);
    expect(commandForKey(press(combo.code, { ctrlKey: combo.primary, shiftKey: combo.shift, altKey: combo.alt })), name).toBe(name);
  }
  const accelerators = COMMAND_NAMES.map((name) => COMMANDS[name].accelerator);
  expect(new Set(accelerators).size).toBe(accelerators.length);
});

test('modifiers must match exactly: Ctrl+N is a new pet, Ctrl+Shift+N a new category, N alone nothing', () => {
  expect(commandForKey(press('KeyN', { ctrlKey: true }))).toBe('pets.new');
  expect(commandForKey(press('KeyN', { ctrlKey: true, shiftKey: true }))).toBe('categories.new');
  expect(commandForKey(press('KeyN'))).toBeUndefined();
  expect(commandForKey(press('KeyN', { ctrlKey: true, altKey: true }))).toBeUndefined();
});

test('"?" opens the shortcuts, except while the clerk is typing in a field', () => {
  expect(commandForKey(press('Slash', { key: '?', shiftKey: true }, document.body))).toBe('help.shortcuts');
  const input = document.createElement('input');
  expect(commandForKey(press('Slash', { key: '?', shiftKey: true }, input))).toBeUndefined();
  // F1 works everywhere.
  expect(commandForKey(press('F1', {}, input))).toBe('help.shortcuts');
});

/**
 * Keys a browser keeps for itself: Chromium's reserved accelerators (never sent to a page: new
 * window or tab, incognito, close, reopen, tab cycling, quit) and the tab-switching digits of
 * Chromium and Firefox (Ctrl+1…9; Alt+1…9 on Linux; Cmd+1…9 on a Mac, which CmdOrCtrl is there).
 */
const BROWSERS_OWN = [
  ...['N', 'T', 'W', 'F4', 'Tab', 'PageUp', 'PageDown'].map((key) => `CmdOrCtrl+${key}`),
  ...['N', 'T', 'W', 'Q', 'Tab'].map((key) => `CmdOrCtrl+Shift+${key}`),
  ...'1234567890'.split('').flatMap((digit) => [`CmdOrCtrl+${digit}`, `Alt+${digit}`]),
];

test('no key shown for a command is one a browser keeps for itself, nor Ctrl+Alt (AltGr types with it)', () => {
  for (const name of COMMAND_NAMES) {
    const shown = parseAccelerator(COMMANDS[name].accelerator);
    for (const owned of BROWSERS_OWN) expect(shown, `${name}: ${COMMANDS[name].accelerator} is ${owned}`).not.toEqual(parseAccelerator(owned));
    expect(shown.primary && shown.alt, `${name} uses Ctrl+Alt`).toBe(false);
  }
});

test('every screen has a key; the keys of earlier versions still work where they reach the page', () => {
  for (const name of COMMAND_NAMES.filter((command) => command.startsWith('go.'))) {
    expect(COMMANDS[name].accelerator, name).toMatch(/^Alt\+Shift\+\d$/);
  }
  expect(commandForKey(press('Digit2', { altKey: true, shiftKey: true }))).toBe('go.pets');
  expect(commandForKey(press('Digit2', { ctrlKey: true }))).toBe('go.pets');
  expect(commandForKey(press('KeyN', { altKey: true, shiftKey: true }))).toBe('pets.new');
  expect(commandForKey(press('KeyC', { altKey: true, shiftKey: true }))).toBe('categories.new');
  const keys = COMMAND_NAMES.flatMap((name) => [COMMANDS[name].accelerator, (COMMANDS[name] as { alsoKey?: string }).alsoKey ?? []]).flat();
  expect(new Set(keys).size).toBe(keys.length);
});
