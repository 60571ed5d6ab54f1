/**
 * Dates and times as every screen shows them: the clerk's own locale, a medium date and a short
 * time ("24 Dec 2026, 13:00" or "Dec 24, 2026, 1:00 PM"), so a time reads the same on the Dashboard,
 * Orders and Settings. (The printed receipt spells its date out in full, as a document does.)
 */
export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An ISO instant as a date and time, or `fallback` when there is none. */
export const formatDateTime = (iso: string | null | undefined, fallback = '—'): string => (iso ? dateTimeFormat.format(new Date(iso)) : fallback);

/** An instant (ISO text or a Date) as a date alone. */
export const formatDay = (when: string | Date): string => dayFormat.format(new Date(when));
