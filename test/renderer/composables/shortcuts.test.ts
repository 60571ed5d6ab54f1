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
