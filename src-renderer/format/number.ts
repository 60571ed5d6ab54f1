/** Counts as the clerk reads them, "1,000,000", the same in every locale (as the rest of the text). */
const WHOLE = new Intl.NumberFormat('en-US');

export const formatCount = (n: number): string => WHOLE.format(n);
