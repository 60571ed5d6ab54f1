import type { Directive } from 'vue';

/**
 * Names a data table's rows for assistive technology (naive-ui puts attributes on its wrapper
 * div). A table whose body scrolls (virtual scrolling, a flexible height) is drawn as two <table>s,
 * the column headings and the rows: the rows' table gets the name, so the name leads to one table.
 * Re-applied on every update of the screen, which is when the table's data changes.
 *
 * Use on an NDataTable: `v-table-label="'Orders'"`.
 */
function nameRows(element: HTMLElement, label: string): void {
  const tables = [...element.querySelectorAll('table')];
  const rows = element.querySelector('.n-data-table-base-table-body table') ?? tables[0];
  // Until the body is drawn the headings' table holds the name; once it is, the name moves.
  for (const table of tables) {
    if (table === rows) table.setAttribute('aria-label', label);
    else table.removeAttribute('aria-label');
  }
}

export const vTableLabel: Directive<HTMLElement, string> = {
  mounted: (element, binding) => nameRows(element, binding.value),
  updated: (element, binding) => nameRows(element, binding.value),
};
