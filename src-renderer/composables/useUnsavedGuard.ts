import { inject, onBeforeUnmount, provide, type InjectionKey } from 'vue';
import { onBeforeRouteLeave } from 'vue-router';
import { useAsk } from './useConfirm';

/** A form of a screen: what it holds unsaved ("the store settings") while `dirty()`. */
interface GuardedForm {
  what: string;
  dirty: () => boolean;
}

const FORMS: InjectionKey<Set<GuardedForm>> = Symbol('forms asked about on leaving');

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
 * one question (useLeaveGuard); a form on a screen without one asks on its own.
 */
export function useUnsavedGuard(what: string, dirty: () => boolean): void {
  const forms = inject(FORMS, null) ?? useLeaveGuard();
  const form = { what, dirty };
  forms.add(form);
  onBeforeUnmount(() => forms.delete(form));
}
