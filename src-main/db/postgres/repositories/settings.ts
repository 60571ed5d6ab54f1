import type { SettingsRepository } from '../../repositories/settings';
import { sql, type Stepped } from '../../step';

/** Owner settings as key → JSON value on PostgreSQL. */
export function postgresSettingsRepository(): Stepped<SettingsRepository> {
  return {
    /** Every stored value by its key (one query); readers look keys up, so SQLite's storage order is not kept. */
    *all() {
      const { rows } = yield* sql<{ key: string; value: string }>('SELECT key, value FROM settings');
      const stored: Record<string, unknown> = {};
      for (const row of rows) stored[row.key] = JSON.parse(row.value);
      return stored;
    },
    *get<T>(key: string, fallback: T) {
      const { rows } = yield* sql<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
      return rows.length ? (JSON.parse(rows[0].value) as T) : fallback;
    },
    *set(key: string, value: unknown) {
      yield* sql('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
        key,
        JSON.stringify(value),
      ]);
    },
  };
}
