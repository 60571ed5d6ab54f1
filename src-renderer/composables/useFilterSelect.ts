import type { SelectOption } from 'naive-ui';
import { computed, type ComputedRef } from 'vue';
import { useSelectAria } from './useSelectAria';

/** The value of a single filter's "Any …" entry: no id is 0. */
export const ANY = 0;

/** An "Any …" entry heading a single filter's list: the choice that clears it, in plain sight. */
export const anyOption = (label: string): SelectOption => ({ label, value: ANY });

/** The filter's value for a choice from its list: "Any …" is no filter. */
export const chosenFilter = (value: number | null): number | null => (value === ANY ? null : value);

/**
 * The "Any …" entry is for an empty search: typed letters that happen to be in "Any category"
 * must not put it first, where Enter would pick it instead of the category searched for.
 */
export const filterOption = (pattern: string, option: SelectOption): boolean =>
  option.value === ANY ? !pattern.trim() : String(option.label ?? '').toLowerCase().includes(pattern.trim().toLowerCase());

export interface FilterSelectOptions {
  /** Whether the select takes several choices (naive-ui drops the last one on Backspace in its search field). */
  multiple?: boolean;
}

/**
 * A list filter's select (Pets' category and status, Orders' pet): useSelectAria's ARIA, and the
 * same keyboard on every filter: Backspace or Delete, with nothing typed in its field, takes its
 * last choice away, open or closed (a single filter's only one, so it is cleared). naive-ui did so
 * only for a multiple select's Backspace; its × shows only under the mouse.
 */
export function useFilterSelect(label: string, chosen: () => unknown, dropLast: () => void, options: FilterSelectOptions = {}): ComputedRef<Record<string, unknown>> {
  const aria = useSelectAria(label, chosen);
  const hasChoice = () => {
    const value = chosen();
    return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
  };
  function onKeydown(event: KeyboardEvent): void {
    (aria.value.onKeydown as (event: KeyboardEvent) => void)(event);
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const field = event.target instanceof HTMLInputElement ? event.target : null;
    if (options.multiple && event.key === 'Backspace' && field) return; // naive-ui's own, in its search field
    if (field?.value || !hasChoice()) return; // the key edits what is typed
    event.preventDefault();
    dropLast();
    // Cleared with its list open: the list closes, as after a choice (naive-ui's Escape, which keeps the focus).
    const root = event.currentTarget as HTMLElement;
    if (!options.multiple && root.querySelector('[aria-expanded="true"]')) {
      event.target?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    }
  }
  return computed(() => ({ ...aria.value, onKeydown }));
}
