import { inject, onBeforeUnmount, onMounted, provide, type InjectionKey } from 'vue';
import { onBeforeRouteLeave } from 'vue-router';
import { useAsk } from './useConfirm';

/** A form of a screen: what it holds unsaved ("the store settings") while `dirty()`. */
interface GuardedForm {
  what: string;
  dirty: () => boolean;
}

const FORMS: InjectionKey<Set<GuardedForm>> = Symbol('forms asked about on leaving');

/** Every form of the window that may hold unsaved edits (screens' forms and open dialogs). */
const EVERY_FORM = new Set<() => boolean>();
/** Set by a reload the app makes on purpose: the data under every form is being replaced. */
let reloadingOnPurpose = false;

/**
 * Reloads the window without the leave-page question: a restore made elsewhere replaced the data
 * every form was editing, so there is nothing left to keep (and "Stay" would leave the window on
 * data that no longer exists).
 */
export function reloadWithoutAsking(): void {
  reloadingOnPurpose = true;
  window.location.reload();
}

/**
 * Closing or reloading the window while a form holds edits not saved: the browser asks "Leave
 * site?" (Electron's `will-prevent-unload`, which the main process turns into its own question).
 * `skip`: a reload the app makes on purpose (after this window's restore) asks nothing; so does
 * `reloadWithoutAsking` (after a restore elsewhere).
 */
export function useUnloadGuard(skip: () => boolean): void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (reloadingOnPurpose || skip() || ![...EVERY_FORM].some((dirty) => dirty())) return;
    event.preventDefault();
    event.returnValue = true; // Chromium before 119 (and older Electrons) asks only with it set
  };
  onMounted(() => window.addEventListener('beforeunload', onBeforeUnload));
  onBeforeUnmount(() => window.removeEventListener('beforeunload', onBeforeUnload));
}

/** Counts `dirty()` among the edits that closing or reloading the window asks about (useUnloadGuard). */
export function useUnsavedOnUnload(dirty: () => boolean): void {
  EVERY_FORM.add(dirty);
  onBeforeUnmount(() => EVERY_FORM.delete(dirty));
}

/** "a", "a and b", "a, b and c". */
function listed(parts: string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/**
 * Leaving the screen (a click in the navigation, Ctrl+1…) while one of its forms holds edits not
 * saved asks "Leave without saving?" first; Stay keeps the edits. One question for the whole
 * screen, naming every such form: two forms with a guard each would ask twice in a row. A screen of
 * several forms (Settings) calls this; each form calls `useUnsavedGuard`.
 */
export function useLeaveGuard(): Set<GuardedForm> {
  const forms = new Set<GuardedForm>();
  provide(FORMS, forms);
  const ask = useAsk();
  onBeforeRouteLeave(() => {
    const unsaved = [...forms].filter((form) => form.dirty()).map((form) => form.what);
    if (unsaved.length === 0) return true;
    return ask({
      title: 'Leave without saving?',
      content: `Your changes to ${listed(unsaved)} are not saved yet.`,
      confirmText: 'Leave without saving',
      destructive: true,
      cancelText: 'Stay',
    });
  });
  return forms;
}

/**
 * Asks before the screen is left while `dirty()` (`what`: "the store settings"), in the screen's
 * one question (useLeaveGuard); a form on a screen without one asks on its own. Closing or
 * reloading the window asks too (useUnsavedOnUnload).
 */
export function useUnsavedGuard(what: string, dirty: () => boolean): void {
  const forms = inject(FORMS, null) ?? useLeaveGuard();
  const form = { what, dirty };
  forms.add(form);
  onBeforeUnmount(() => forms.delete(form));
  useUnsavedOnUnload(dirty);
}
