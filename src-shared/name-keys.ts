/**
 * How names are compared, the same in the service (stored beside each name) and in the UI (lists
 * it filters itself). Pure string functions: this file runs anywhere.
 */

/** A name's identity, case aside: what makes two category names the same name. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en-US');
}

/**
 * The key names sort and are searched by: case-folded, accents dropped (é → e, Ä → a), so that a
 * list reads in alphabetical order as a person expects and "emile" finds "Émile"; equal keys
 * ("Emile", "Émile") fall back to the id. Letters without a base letter (ß, æ, ø) stay themselves
 * (and sort after z).
 */
export function nameSortKey(name: string): string {
  return fold(name).normalize('NFD').replace(/\p{M}+/gu, '');
}

/** Whether `name` contains `text`, case and accents aside (as the service's `q` searches). */
export function nameContains(name: string, text: string): boolean {
  return nameSortKey(name).includes(nameSortKey(text.trim()));
}
