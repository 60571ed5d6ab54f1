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

/**
 * The key names are listed by: the sort key with every run of digits made to compare by its value,
 * so "Charlie 5" comes before "Charlie 10" and "Charlie 101". A run is written as its length, then
 * its digits without leading zeros: up to 8 digits one length character ('1'–'8'), longer ones '9'
 * and two length digits. Length characters are digits, so numbers still sort before letters.
 * (Searches use `nameSortKey`, whose text is the name's own: this key would split "charlie 1".)
 */
export function nameOrderKey(name: string): string {
  return nameSortKey(name).replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '');
    return digits.length <= 8 ? `${digits.length}${digits}` : `9${String(digits.length).padStart(2, '0')}${digits}`;
  });
}

/** Whether `name` contains `text`, case and accents aside (as the service's `q` searches). */
export function nameContains(name: string, text: string): boolean {
  return nameSortKey(name).includes(nameSortKey(text.trim()));
}
