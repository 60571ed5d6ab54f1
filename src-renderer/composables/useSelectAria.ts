import type { SelectOption } from 'naive-ui';
import { computed, nextTick, ref, type ComputedRef, type VNode } from 'vue';

let selects = 0;

/** naive-ui's mark on the option the arrow keys or the mouse are on (its "pending" option). */
const PENDING = 'n-base-select-option--pending';

/**
 * ARIA for a filterable naive-ui NSelect, which renders its menu as plain elements: the text field
 * becomes a combobox (named, saying whether its list is open, which list it controls and which
 * option the arrow keys are on), the menu a listbox and each entry an option with an id of its own
 * that says whether it is chosen. Spread on the select with `v-bind`; `chosen` reads the select's
 * value (an array for `multiple`).
 */
export function useSelectAria(label: string, chosen: () => unknown): ComputedRef<Record<string, unknown>> {
  const listboxId = `select-listbox-${++selects}`;
  const expanded = ref(false);
  const pendingId = ref<string | null>(null);
  const isChosen = (value: unknown) => {
    const current = chosen();
    return Array.isArray(current) ? current.includes(value) : current === value;
  };
  // Outside the computed: a new function would re-render every option at each arrow key.
  const nodeProps = (option: SelectOption) => ({ id: optionId(listboxId, option.value), role: 'option', 'aria-selected': String(isChosen(option.value)) });
  const pending = followPending(pendingId);
  return computed(() => ({
    inputProps: {
      'aria-label': label,
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': String(expanded.value),
      'aria-controls': listboxId,
      'aria-activedescendant': (expanded.value && pendingId.value) || undefined,
    },
    menuProps: {
      id: listboxId,
      role: 'listbox',
      'aria-label': label,
      'aria-multiselectable': Array.isArray(chosen()) ? 'true' : undefined,
      onVnodeMounted: (vnode: VNode) => pending.start(vnode.el as HTMLElement),
      onVnodeBeforeUnmount: (vnode: VNode) => pending.stop(vnode.el as HTMLElement),
    },
    nodeProps,
    'onUpdate:show': (show: boolean) => {
      expanded.value = show;
    },
    // Falls through to the select's root element.
    onKeydown: (event: KeyboardEvent) => typeToOpen(event, expanded.value),
    onFocusin: speakForField,
    onFocusout: speakForField,
    // Vue calls these on the select's own element after each of its renders.
    onVnodeMounted: (vnode: VNode) => nameTheControl(vnode.el as HTMLElement, label, listboxId, expanded.value),
    onVnodeUpdated: (vnode: VNode) => nameTheControl(vnode.el as HTMLElement, label, listboxId, expanded.value),
  }));
}

/**
 * An option's id, the same each time naive-ui's virtual list creates it again while scrolling:
 * the listbox's id and the option's value, with what an id cannot hold written as `_<hex>_`.
 */
function optionId(listboxId: string, value: unknown): string {
  return `${listboxId}-option-${String(value).replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`;
}

/**
 * Keeps `id` on the id of the open menu's pending option. naive-ui keeps that option to itself and
 * only marks it with a class (set by the arrow keys, the mouse, a new search, options arriving), so
 * the menu is watched for it. It is null when no option is pending or the pending one is scrolled
 * out of the virtual list (no longer in the page: a combobox must not point at a missing element).
 */
function followPending(id: { value: string | null }): { start(menu: HTMLElement): void; stop(menu: HTMLElement): void } {
  let watched: { menu: HTMLElement; observer: MutationObserver } | null = null;
  const stop = (menu: HTMLElement) => {
    if (watched?.menu !== menu) return; // a menu that closed after another opened
    watched.observer.disconnect();
    watched = null;
    id.value = null;
  };
  return {
    start(menu) {
      if (watched) stop(watched.menu);
      const sync = () => {
        id.value = menu.querySelector(`.${PENDING}`)?.id || null;
      };
      const observer = new MutationObserver(sync);
      observer.observe(menu, { subtree: true, childList: true, attributeFilter: ['class'] });
      watched = { menu, observer };
      sync();
    },
    stop,
  };
}

/**
 * What naive-ui's select element says about itself. Its arrow sits in its loading spinner, an image
 * named "loading" whether it spins or not: hidden, as the arrow is decoration. A multi-select keeps
 * its text field hidden until its list opens and is focused as its tag list, which had no name and
 * so was read as that image: the tag list is the combobox while the field is hidden. Its tags'
 * × are hidden too (mouse only, each named "close"; Backspace or Delete drops a choice).
 */
function nameTheControl(root: HTMLElement | null, label: string, listboxId: string, expanded: boolean): void {
  root?.querySelector('.n-base-suffix')?.setAttribute('aria-hidden', 'true');
  const tags = root?.querySelector<HTMLElement>('.n-base-selection--multiple .n-base-selection-tags');
  if (!tags) return;
  for (const close of tags.querySelectorAll('.n-base-close')) close.setAttribute('aria-hidden', 'true');
  const field = tags.querySelector('input');
  const fieldShown = field !== null && field.getClientRects().length > 0;
  const attributes = { role: 'combobox', 'aria-label': label, 'aria-expanded': String(expanded), 'aria-controls': listboxId };
  for (const [name, value] of Object.entries(attributes)) {
    if (fieldShown) tags.removeAttribute(name);
    else tags.setAttribute(name, value);
  }
}

/** What the field says of itself that its box says instead while the box has the focus. */
const FIELD_ARIA = ['role', 'aria-label', 'aria-labelledby', 'aria-expanded', 'aria-controls', 'aria-invalid', 'aria-describedby', 'aria-required'];
const speaking = new WeakMap<HTMLElement, MutationObserver>();

/**
 * A closed single select is focused (by Tab, or after Escape) on naive-ui's box around its field,
 * which had no role nor name: while the box has the focus, it is the combobox, with the field's
 * name, state and messages, its content (the chosen option's text) read as its value, and the field
 * inside is hidden (one combobox at a time). The field takes the focus when the list opens (the box
 * loses it then, and the field speaks again). Focus events rather than a watch on naive-ui's
 * renders: the box is focusable exactly while the field is not focused, and the field keeps its
 * role otherwise (reached by a click or a test's fill, it is what is focused). The field's
 * attributes are followed while the box speaks for it (a message may come meanwhile).
 */
function speakForField(event: FocusEvent): void {
  const box = event.target as HTMLElement;
  const field = box.matches?.('.n-base-selection-label') ? box.querySelector(':scope > input') : null;
  if (!field) return;
  speaking.get(box)?.disconnect();
  speaking.delete(box);
  if (event.type === 'focusout') {
    for (const name of FIELD_ARIA) box.removeAttribute(name);
    field.removeAttribute('aria-hidden');
    return;
  }
  const copy = () => {
    for (const name of FIELD_ARIA) {
      const value = field.getAttribute(name);
      if (value === null) box.removeAttribute(name);
      else box.setAttribute(name, value);
    }
  };
  copy();
  field.setAttribute('aria-hidden', 'true');
  const observer = new MutationObserver(copy);
  observer.observe(field, { attributeFilter: FIELD_ARIA });
  speaking.set(box, observer);
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
