import type { SelectOption } from 'naive-ui';
import { computed, nextTick, ref, type ComputedRef } from 'vue';

let selects = 0;

/**
 * ARIA for a filterable naive-ui NSelect, which renders its menu as plain elements: the text field
 * becomes a combobox (named, saying whether its list is open and which list it controls), the menu
 * a listbox and each entry an option that says whether it is chosen. Spread on the select with
 * `v-bind`; `chosen` reads the select's value (an array for `multiple`).
 */
export function useSelectAria(label: string, chosen: () => unknown): ComputedRef<Record<string, unknown>> {
  const listboxId = `select-listbox-${++selects}`;
  const expanded = ref(false);
  const isChosen = (value: unknown) => {
    const current = chosen();
    return Array.isArray(current) ? current.includes(value) : current === value;
  };
  return computed(() => ({
    inputProps: {
      'aria-label': label,
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': String(expanded.value),
      'aria-controls': listboxId,
    },
    menuProps: { id: listboxId, role: 'listbox', 'aria-label': label, 'aria-multiselectable': Array.isArray(chosen()) ? 'true' : undefined },
    nodeProps: (option: SelectOption) => ({ role: 'option', 'aria-selected': String(isChosen(option.value)) }),
    'onUpdate:show': (show: boolean) => {
      expanded.value = show;
    },
    // Falls through to the select's root element.
    onKeydown: (event: KeyboardEvent) => typeToOpen(event, expanded.value),
  }));
}

/**
 * naive-ui drops what is typed into a closed select reached with Tab (only Enter, Space or ↓ open
 * it). A clerk types the first letters of a category straight away: a letter opens the list as ↓
 * does and becomes the start of the search.
 */
function typeToOpen(event: KeyboardEvent, open: boolean): void {
  const printable = event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
  if (open || !printable || event.isComposing) return;
  const root = event.currentTarget as HTMLElement;
  event.preventDefault();
  event.target?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true }));
  void nextTick(() => {
    const input = root.querySelector<HTMLInputElement>('input');
    if (!input) return;
    input.focus();
    input.value = event.key;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
