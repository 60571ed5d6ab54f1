import type { DataTableColumns } from 'naive-ui';

/**
 * The narrowest a data table may get before it scrolls sideways (its `scroll-x`): every column's
 * `width`, or its `minWidth` for a column that takes what is left (the name columns). Wider than
 * this, the flexible columns share the rest; narrower (a 900 px window), the table scrolls instead
 * of squeezing those columns to "C…", and a column with `fixed: 'right'` (the row's buttons) stays
 * in view.
 */
export function tableMinWidth<T>(columns: DataTableColumns<T>): number {
  let total = 0;
  for (const column of columns) {
    const { width, minWidth } = column as { width?: number | string; minWidth?: number | string };
    const size = width ?? minWidth ?? 0;
    total += typeof size === 'number' ? size : Number.parseFloat(size) || 0;
  }
  return total;
}
