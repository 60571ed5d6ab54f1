import type { Database } from 'better-sqlite3';
import { machineTimeZone } from '../../../src-shared/schemas/settings';

/**
 * Money: a category may carry its own tax rate (basis points; NULL is the shop's `defaultTaxRate`),
 * and the shop's time zone is pinned to this machine's at the first start that knows time zones
 * (docs/decisions.md#the-shops-time-zone-is-the-machines-at-first-start). Existing categories get
 * no rate: none is invented. Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
ALTER TABLE categories ADD COLUMN tax_rate INTEGER CHECK (tax_rate BETWEEN 0 AND 10000);
`;

/** Stores the machine's time zone unless a zone is stored already (a restore from a newer file). */
export function backfill(db: Database): void {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run('timeZone', JSON.stringify(machineTimeZone()));
}
