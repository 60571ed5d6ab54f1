/** Who recorded a sale, refund, movement or order, in words (docs/decisions.md#who-recorded-it). */
export interface RecordedByFields {
  clerk?: { name: string } | null;
  till?: { name: string } | null;
}

/** "Anna · Counter 2", "Anna", "Counter 2": only what was recorded; null when nobody was named. */
export function recordedByText({ clerk, till }: RecordedByFields): string | null {
  const names = [clerk?.name, till?.name].filter((name): name is string => !!name);
  return names.length ? names.join(' · ') : null;
}

/** A receipt's line: "Served by Anna · Counter 2"; a till alone is where, "Served at Counter 2"; null when neither is known. */
export function servedByText(record: RecordedByFields): string | null {
  const text = recordedByText(record);
  if (text === null) return null;
  return record.clerk?.name ? `Served by ${text}` : `Served at ${text}`;
}
