/** Counts as the clerk reads them, "1,000,000", the same in every locale (as the rest of the text). */
const WHOLE = new Intl.NumberFormat('en-US');

export const formatCount = (n: number): string => WHOLE.format(n);

/**
 * A typed number with the separators the app itself writes taken out: "1,000,000" means 1000000.
 * Only commas that group digits by three count; "1,5" stays as typed (and is refused), since it
 * may mean 1.5 where a comma is the decimal mark.
 */
export const withoutGrouping = (text: string): string => (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text);
