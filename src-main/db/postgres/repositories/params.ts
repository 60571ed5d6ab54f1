/**
 * A query's values and their `$n` placeholders, numbered as they are added: filters that come and
 * go add placeholders, never values, to the text (as SQLite's repositories do with `?`).
 */
export class Params {
  readonly values: unknown[] = [];

  /** `$n` for this value. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
