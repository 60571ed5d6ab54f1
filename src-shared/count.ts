/**
 * A count with its noun, singular for exactly one: "1 pet", "0 pets", "1,204 pets". The number is
 * written with the thousands separators of `locale` (the clerk's own when not given).
 */
export function countOf(count: number, one: string, many = `${one}s`, locale?: string): string {
  return `${count.toLocaleString(locale)} ${nounFor(count, one, many)}`;
}

/** The noun alone, for a sentence that writes the number itself: "pet" for 1, "pets" otherwise. */
export function nounFor(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
