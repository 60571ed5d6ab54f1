import { defineStore } from 'pinia';
import { ref } from 'vue';
import { COMMANDS, type CommandName } from '../../src-shared/commands';
import type { OperationName } from '../../src-shared/contract';
import { router } from '../router';
import { useAccessStore } from './access';
import { useSignInStore } from './sign-in';

type CommandHandler = () => void;

/**
 * Runs the app's commands (keyboard shortcuts, native menus, buttons): goes to the command's
 * screen first, then calls the handler that screen registered. A command issued from another
 * screen waits until its screen has mounted and registered.
 */
export const useCommandsStore = defineStore('commands', () => {
  const handlers = new Map<CommandName, CommandHandler>();
  let pending: CommandName | null = null;
  const helpOpen = ref(false);

  /** Registers what a command does on the current screen; returns the unregister function. */
  function handle(name: CommandName, handler: CommandHandler): () => void {
    handlers.set(name, handler);
    if (pending === name) {
      pending = null;
      handler();
    }
    return () => {
      if (handlers.get(name) === handler) handlers.delete(name);
    };
  }

  /** Runs a command, going to its screen first when needed. */
  async function run(name: CommandName): Promise<void> {
    // A modal dialog has the keyboard (and the menus): Ctrl+N over a half-typed order would
    // leave for another screen and lose it. The dialog's own keys still work. (One already
    // closing, in its leave transition, no longer counts: F1 right after Esc works.)
    if (document.querySelector('[aria-modal="true"]:not([class*="-leave-"])')) return;
    // Locked, no command reaches the screens under the sign-in screen; an owner's command is not a clerk's.
    if (useSignInStore().locked) return;
    const needs = (COMMANDS[name] as { needs?: OperationName }).needs;
    if (needs && !useAccessStore().mayCall(needs)) return;
    if (name === 'help.shortcuts') {
      helpOpen.value = true;
      return;
    }
    const screen = (COMMANDS[name] as { screen?: string }).screen;
    if (screen && router.currentRoute.value.name !== screen) {
      pending = name.startsWith('go.') ? null : name;
      await router.push({ name: screen });
      return;
    }
    handlers.get(name)?.();
  }

  return { helpOpen, handle, run };
});
