import { computed, ref } from 'vue';
import type { FieldFeedback } from './useSchemaForm';

/**
 * A date the clerk types into a naive-ui date picker is taken, or said not to be understood, never
 * dropped silently; its calendar opens only when asked (docs/screens.md#dates-are-typed-or-said-not-understood).
 *
 * DateField binds it: `v-bind="typed.wrapperListeners"` on an element around the picker (its
 * keydown listener runs in the capture phase, before the picker's own: its Enter and Escape move the
 * focus away at once), and on the picker `:show="typed.calendar.value"`, `@update:show="typed.onShow"`
 * (a picker without them opens its calendar as naive-ui does). The form calls `onValue` from the
 * picker's `@update:value` (or `@update:formatted-value`).
 */
export interface TypedDateOptions {
  /** The field's name in the words under it: "ship date". */
  name: string;
  /** How to type it: "type it as 2030-01-15 (year-month-day) or pick it in the calendar". */
  hint: string;
  /** What the field shows once left, as the picker writes it (its `format`), or null when empty. */
  shown: () => string | null;
  /** The field may be left empty: "Cannot read …" ends with ", or clear it". */
  optional?: boolean;
  /** The form's own message for the field (the schema's), said when there is nothing else to say. */
  error?: () => string | undefined;
  /**
   * Takes a text the picker's format does not read but that means a date (a date alone where the
   * format wants the time too); answers whether it did.
   */
  takeAlso?: (text: string) => boolean;
}

/** The keys that open the calendar, as the field's hint says them. */
export const CALENDAR_KEYS = 'Alt+↓ or F4';


export function useTypedDate(options: TypedDateOptions) {
  /** What the clerk typed that the picker cannot read while the field shows it, or null. */
  const unread = ref<string | null>(null);
  /** Such a text once the field is left (the picker put its date back), or null. */
  const reverted = ref<string | null>(null);
  /** Whether the clerk has tried to save: a text the field cannot read is said from then on. */
  const tried = ref(false);
  /** Whether the picker took a value during the current keystroke (it reports every text it reads). */
  let taken = false;
  /** A click on Save straight from a text the picker cannot read: that click shows the note and saves nothing. */
  let unseen = false;
  /** Whether the calendar is shown (the picker's `show`). */
  const calendar = ref(false);
  /** The clerk asked for the calendar (its icon pressed): the picker's next request to open it is granted. */
  let asked = false;

  /** What is said under the field, always about what it shows. */
  const feedback = computed<FieldFeedback | null>(() => {
    const error = options.error?.();
    if (unread.value !== null && tried.value) {
      return { text: `Cannot read “${unread.value}” as a date: ${options.hint}${options.optional ? ', or clear it' : ''}`, status: 'error' };
    }
    if (reverted.value !== null) {
      const kept = options.shown() ?? 'empty';
      return { text: `“${reverted.value}” was not understood: the ${options.name} is still ${kept} (${options.hint})`, status: error ? 'error' : 'warning' };
    }
    return error ? { text: error, status: 'error' } : null;
  });

  /** Whether the field holds typing the picker has not taken: shown in it, or said under it. */
  const pending = computed(() => unread.value !== null || reverted.value !== null);

  /** The picker took a value (or emptied the field). */
  function onValue(): void {
    taken = true;
    unread.value = null;
    reverted.value = null;
  }

  /** After the picker has seen the keystroke: a text it did not take is kept to be said. */
  function onInput(event: Event): void {
    const text = (event.target as HTMLInputElement).value.trim();
    unread.value = taken || text === '' ? null : text;
    reverted.value = null;
    taken = false;
    unseen = false;
  }

  function takeAlso(): void {
    if (unread.value !== null && options.takeAlso?.(unread.value)) unread.value = null;
  }

  /**
   * Tab lands on the picker's outer box, which takes no typing until Enter (naive-ui's "passive"
   * input): from elsewhere the focus goes on into its text field, its text selected as Tab selects
   * any field's, so what the clerk types lands (and replaces the date shown).
   */
  function onFocus(event: FocusEvent): void {
    const box = event.target as HTMLElement;
    if (box.tagName === 'INPUT') return;
    const input = box.querySelector('input');
    if (!input || event.relatedTarget === input) return; // Shift+Tab out of the field: on it goes
    input.focus();
    input.select();
  }

  /**
   * Escape: the picker puts its date back (no input event), the text thrown away as the clerk asked.
   * Enter: naive-ui takes it as "done typing" and moves the focus to the picker's outer box, so the
   * browser's submit on Enter never comes; it tries the form here, as Enter in any other field does.
   */
  function onKeydown(event: KeyboardEvent): void {
    const field = event.target as HTMLInputElement;
    if (event.isComposing) return;
    const wrapper = event.currentTarget as HTMLElement;
    // F4 alone: Alt+F4 closes the window and Ctrl+F4 a tab, which must reach the system.
    const plainF4 = event.key === 'F4' && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    if ((event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) || plainF4) {
      event.preventDefault();
      showCalendar(wrapper, event.key === 'F4' ? !calendar.value : event.key === 'ArrowDown');
      return;
    }
    if (field.tagName !== 'INPUT') return;
    if (event.key === 'Escape') {
      // With the calendar closed, Escape that throws a text away is the field's: the dialog around
      // it stays open (a second Escape closes it), as it did while the calendar opened with the field.
      if (!calendar.value && field.value.trim() !== (options.shown() ?? '')) keepFromAbove(wrapper, event);
      unread.value = null;
      reverted.value = null;
      unseen = false;
    } else if (event.key === 'Enter' && !event.repeat && !(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey)) {
      field.form?.requestSubmit();
    }
  }

  /** Shows or hides the calendar, the typing field taking the focus (Alt+↓ on the picker's outer box). */
  function showCalendar(wrapper: HTMLElement, show: boolean): void {
    if (!show) {
      calendar.value = false;
      return;
    }
    const input = wrapper.querySelector('input');
    if (input && document.activeElement !== input) {
      asked = true;
      input.focus();
    }
    calendar.value = true;
  }

  /** The picker asks to open (the field took the focus, or was clicked) or close its calendar. */
  function onShow(show: boolean): void {
    if (!show || asked) calendar.value = show;
    asked = false;
  }

  /** A press on the field's calendar icon asks for the calendar (the picker asks to open just after). */
  function onPointerDown(event: PointerEvent): void {
    if ((event.target as Element).closest('.n-date-picker-icon')) asked = true;
  }

  /** Stops `event` once it has been through the field, on its way back up (the dialog's Escape). */
  function keepFromAbove(wrapper: HTMLElement, event: Event): void {
    const stop = (passing: Event) => passing === event && passing.stopPropagation();
    wrapper.addEventListener('keydown', stop);
    setTimeout(() => wrapper.removeEventListener('keydown', stop));
  }

  function onLeave(event: FocusEvent): void {
    const to = event.relatedTarget as HTMLElement | null;
    // Into the picker's own calendar (its arrows, a day; shown outside the field): the field still shows the text.
    if (to?.closest('.n-date-panel')) return;
    // The text field's blur is when the picker puts its date back, to its own outer box too (Enter,
    // Shift+Tab); leaving the outer box afterwards leaves nothing more.
    if ((event.target as HTMLElement).tagName !== 'INPUT') return;
    asked = false;
    takeAlso();
    if (unread.value === null) return;
    // The picker has put its date back (or emptied the field): the text is said as not understood.
    reverted.value = unread.value;
    unread.value = null;
    // Pressing this form's Save moves the focus to it first, just before its click would save. (Another
    // form's button, Create token or Back up now, saves nothing here: the next Save settings saves.)
    const form = (event.currentTarget as HTMLElement).closest('form');
    if (to instanceof HTMLButtonElement && to.type === 'submit' && to.form === form) unseen = true;
  }

  /**
   * On Save (a click, Enter, Ctrl+Enter from the field): whether the field holds the form back,
   * because it shows a text it cannot read (now said under it), or this Save is the click that made
   * the picker put its date back (the note shows first).
   */
  function holds(): boolean {
    takeAlso(); // Ctrl+Enter from the field: a date alone is taken
    tried.value = true;
    const held = unread.value !== null || unseen;
    unseen = false;
    return held;
  }

  /** As the form opens anew, or after a save: nothing typed, nothing to say. */
  function reset(): void {
    unread.value = null;
    reverted.value = null;
    tried.value = false;
    taken = false;
    unseen = false;
    calendar.value = false;
    asked = false;
  }

  /** The listeners for the element wrapping the picker (`v-bind="date.wrapperListeners"`): typing, keys, focus, clicks. */
  const wrapperListeners = {
    onFocusin: onFocus,
    onInput,
    onKeydownCapture: onKeydown,
    onFocusout: onLeave,
    onPointerdown: onPointerDown,
  };

  return { feedback, pending, calendar, wrapperListeners, onShow, onValue, holds, reset };
}

/** A typed date field's state and listeners, as `useTypedDate` makes them (DateField binds them). */
export type TypedDate = ReturnType<typeof useTypedDate>;
