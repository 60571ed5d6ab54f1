import { onBeforeUnmount, onMounted } from 'vue';
import { COMMAND_NAMES, COMMANDS, type CommandName } from '../../src-shared/commands';

interface KeyCombo {
  primary: boolean;
  shift: boolean;
  alt: boolean;
  /** KeyboardEvent.code, e.g. KeyN, Digit1, F1 (layout-independent). */
  code: string;
}

const isMac = /Mac|iPhone|iPad/.test(navigator.platform);

/** Parses an Electron accelerator (`CmdOrCtrl+Shift+N`) into what a key press must match. */
export function parseAccelerator(accelerator: string): KeyCombo {
  const parts = accelerator.split('+');
  const key = parts.pop()!;
  const code = /^[A-Z]$/.test(key) ? `Key${key}` : /^\d$/.test(key) ? `Digit${key}` : key;
  return {
    primary: parts.includes('CmdOrCtrl'),
    shift: parts.includes('Shift'),
    alt: parts.includes('Alt'),
    code,
  };
}

/** How a shortcut is written for the clerk: Ctrl+Shift+N, or ⌘⇧N on a Mac. */
export function shortcutLabel(accelerator: string): string {
  const combo = parseAccelerator(accelerator);
  const key = combo.code.replace(/^Key|^Digit/, '');
  if (isMac) return `${combo.primary ? '⌘' : ''}${combo.alt ? '⌥' : ''}${combo.shift ? '⇧' : ''}${key}`;
  return [combo.primary && 'Ctrl', combo.alt && 'Alt', combo.shift && 'Shift', key].filter(Boolean).join('+');
}

/** Each command's keys: the one shown everywhere, and the key of earlier versions where it reaches the page. */
const COMBOS = COMMAND_NAMES.flatMap((name) => {
  const command: { accelerator: string; alsoKey?: string } = COMMANDS[name];
  return [command.accelerator, command.alsoKey].filter((keys) => keys !== undefined).map((keys) => [name, parseAccelerator(keys)] as const);
});

/** The command a key press stands for, if any. */
export function commandForKey(event: KeyboardEvent): CommandName | undefined {
  const primary = isMac ? event.metaKey : event.ctrlKey;
  const match = COMBOS.find(
    ([, combo]) => combo.code === event.code && combo.primary === primary && combo.shift === event.shiftKey && combo.alt === event.altKey,
  );
  if (match) return match[0];
  // "?" opens the shortcuts too, unless the clerk is typing.
  if (event.key === '?' && !primary && !event.altKey && !isTyping(event.target)) return 'help.shortcuts';
  return undefined;
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/** Routes the app's keyboard shortcuts to `run` while the calling component is mounted. */
export function useShortcuts(run: (command: CommandName) => void): void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.repeat) return;
    const command = commandForKey(event);
    if (!command) return;
    event.preventDefault();
    run(command);
  };
  onMounted(() => window.addEventListener('keydown', onKeyDown));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeyDown));
}
