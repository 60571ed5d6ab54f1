/**
 * Shelf and cage labels on A4 label sheets: each kind's size and how many go on a sheet, the pets
 * asked for in the address (`?pets=1,2,3`), and the labels cut into sheets.
 */

export const LABEL_KINDS = ['shelf', 'cage'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** A label's size in millimetres and its grid on an A4 sheet (common label stock: 3 × 8 of 70 × 37, 2 × 4 of 105 × 74). */
export const LABEL_SHEETS: Record<LabelKind, { name: string; width: number; height: number; columns: number; rows: number }> = {
  shelf: { name: 'Shelf labels, 70 × 37 mm', width: 70, height: 37, columns: 3, rows: 8 },
  cage: { name: 'Cage labels, 105 × 74 mm', width: 105, height: 74, columns: 2, rows: 4 },
};

/** The most pets one sheet run takes (`?pets=` beyond is left out: a page of the Pets list is at most 500). */
export const LABEL_PETS_MAX = 500;

/** `?pets=` as pet ids: positive whole numbers, each once, in the order given; anything else is left out. */
export function petIdsOf(query: unknown): number[] {
  const text = Array.isArray(query) ? query.join(',') : typeof query === 'string' ? query : '';
  const ids: number[] = [];
  for (const part of text.split(',')) {
    const id = Number(part.trim());
    if (/^\s*\d+\s*$/.test(part) && Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
    if (ids.length === LABEL_PETS_MAX) break;
  }
  return ids;
}

/** The labels cut into sheets of the kind's grid, in order. */
export function sheetsOf<T>(labels: readonly T[], kind: LabelKind): T[][] {
  const perSheet = LABEL_SHEETS[kind].columns * LABEL_SHEETS[kind].rows;
  const sheets: T[][] = [];
  for (let start = 0; start < labels.length; start += perSheet) sheets.push(labels.slice(start, start + perSheet));
  return sheets;
}
