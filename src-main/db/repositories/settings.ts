import type { Db } from '../connection';

/** Owner settings as key → JSON value; defaults live with the code that reads them. */
export function settingsRepository(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const all = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  return {
    /** Every stored value by its key (one query for the whole set). */
    all(): Record<string, unknown> {
      const stored: Record<string, unknown> = {};
      for (const row of all.all()) stored[row.key] = JSON.parse(row.value);
      return stored;
    },
    get<T>(key: string, fallback: T): T {
      const row = get.get(key);
      return row ? (JSON.parse(row.value) as T) : fallback;
    },
    set(key: string, value: unknown): void {
      put.run(key, JSON.stringify(value));
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
