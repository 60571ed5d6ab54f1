import type { SelectOption } from 'naive-ui';
import { computed, ref, type ComputedRef } from 'vue';

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
  }));
}
