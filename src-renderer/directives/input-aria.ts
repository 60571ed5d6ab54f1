import type { Directive } from 'vue';

/**
 * Puts ARIA attributes on the text field inside a widget that takes no input-props (naive-ui's date
 * picker): `<div v-input-aria="{ 'aria-label': 'Ship date', ...aria }">`. An undefined attribute is removed.
 */
export const vInputAria: Directive<HTMLElement, Record<string, string | undefined>> = {
  mounted: setInputAria,
  updated: setInputAria,
};

function setInputAria(element: HTMLElement, { value }: { value: Record<string, string | undefined> }): void {
  const input = element.querySelector('input');
  if (!input) return;
  for (const [name, text] of Object.entries(value)) {
    if (text === undefined) input.removeAttribute(name);
    else input.setAttribute(name, text);
  }
}
