import type { Db } from '../connection';
import { nameOrderKey, nameSortKey } from '../../../src-shared/name-keys';
import { decodeCursor, encodeCursor, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { statementCache } from './statement-cache';

export interface CustomerRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  forgottenAt: string | null;
}

/** What a clerk may write of a customer (null: none). */
export interface CustomerFields {
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
}

export interface CustomerListFilter {
  q?: string;
  forgotten: boolean;
  limit: number;
  cursor?: string;
}

const COLUMNS = 'id, name, phone, email, note, created_at AS createdAt, updated_at AS updatedAt, forgotten_at AS forgottenAt';

/** A phone number's digits: "+33 (0)6 12-34" and "0612 34" are searched by what is dialled. */
export const digitsOf = (phone: string | null) => (phone ?? '').replace(/\D/g, '');
/** A search that reads as a phone number (only a phone's characters, a digit among them) also searches phones. */
export const phoneSearch = (q: string) => (/^[+\d\s().-]*\d[+\d\s().-]*$/.test(q) ? digitsOf(q) : '');

/** The values stored beside a customer's fields: the name's keys (name-keys.ts), the email's search key, the phone's digits. */
export const keysOf = (fields: CustomerFields) => [
  nameSortKey(fields.name),
  nameOrderKey(fields.name),
  digitsOf(fields.phone),
  fields.email === null ? '' : nameSortKey(fields.email),
];

/** Customers, listed by name (as pets and categories are: `nameOrderKey`), then id. */
export function customersRepository(db: Db) {
  const prepare = statementCache(db);
  const totalOf = pageTotals(db, prepare);
  const byId = db.prepare<[number], CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE id = ?`);
  const insert = db.prepare<[string, string | null, string | null, string | null, string, string, string, string, string, string]>(
    `INSERT INTO customers (name, phone, email, note, name_sort, name_order, phone_digits, email_sort, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare<[string, string | null, string | null, string | null, string, string, string, string, string, number]>(
    `UPDATE customers SET name = ?, phone = ?, email = ?, note = ?, name_sort = ?, name_order = ?, phone_digits = ?, email_sort = ?, updated_at = ?
     WHERE id = ?`,
  );
  const markForgotten = db.prepare<[string, string, number]>('UPDATE customers SET forgotten_at = ?, updated_at = ? WHERE id = ?');
  const nameOrderOf = db.prepare<[number], string>('SELECT name_order FROM customers WHERE id = ?').pluck();
  // The customer's earlier events, through events_by_customer (migration 11): personal fields
  // dropped, the name replaced, `forgottenAt` added, so each stays a valid Customer.
  const eraseEvents = db.prepare<[string, string, number]>(
    `UPDATE events SET data = json_set(json_remove(data, '$.phone', '$.email', '$.note'), '$.name', ?, '$.forgottenAt', ?)
     WHERE type IN ('customer.created', 'customer.updated') AND json_extract(data, '$.id') = ?`,
  );
  // Customers the change log says were forgotten, brought back by a restore of an older backup.
  const forgetAgain = db.prepare<[string, string, string]>(
    `UPDATE customers SET name = ?, name_sort = ?, name_order = ?, phone = NULL, phone_digits = '', email = NULL, email_sort = '', note = NULL,
       forgotten_at = forgotten.at, updated_at = forgotten.at
     FROM (SELECT json_extract(data, '$.id') AS id, max(json_extract(data, '$.forgottenAt')) AS at FROM events
           WHERE type = 'customer.forgotten' GROUP BY 1) AS forgotten
     WHERE customers.id = forgotten.id AND customers.forgotten_at IS NULL`,
  );
  // A create's kept answer holds the person, its fingerprint a hash of them: the whole entry goes.
  const eraseAnswers = db.prepare<[number]>("DELETE FROM idempotency_keys WHERE operation = 'customers.create' AND json_extract(body, '$.id') = ?");
  const sortValueOf = (id: number) => nameOrderOf.get(id);

  const scopeOf = (filter: CustomerListFilter): CursorScope => ({
    list: 'customers',
    sort: 'name',
    filters: [filter.forgotten, filter.q ? nameSortKey(filter.q) : null],
    sortValueOf,
  });

  return {
    find: (id: number) => byId.get(id),
    insert: (fields: CustomerFields, at: string) =>
      Number(insert.run(fields.name, fields.phone, fields.email, fields.note, ...(keysOf(fields) as [string, string, string, string]), at, at).lastInsertRowid),
    update: (id: number, fields: CustomerFields, at: string) =>
      update.run(fields.name, fields.phone, fields.email, fields.note, ...(keysOf(fields) as [string, string, string, string]), at, id),
    /** Marks the customer forgotten; its fields are erased by `update` in the same transaction. */
    markForgotten: (id: number, at: string) => markForgotten.run(at, at, id),
    /**
     * Erases the person from where else the store wrote them: the change log's customer.created and
     * customer.updated events, and the kept first answers of Idempotency-Key creates.
     */
    eraseTraces(id: number, name: string, at: string): void {
      eraseEvents.run(name, at, id);
      eraseAnswers.run(id);
    },
    /** Forgets again, as the change log says when, every customer it says was forgotten; returns how many. */
    forgetAgain: (name: string) => forgetAgain.run(name, nameSortKey(name), nameOrderKey(name)).changes,

    list(filter: CustomerListFilter): { rows: CustomerRow[]; total: number; nextCursor: string | null } {
      const where = [filter.forgotten ? 'forgotten_at IS NOT NULL' : 'forgotten_at IS NULL'];
      const params: (string | number)[] = [];
      if (filter.q) {
        const phone = phoneSearch(filter.q);
        const key = nameSortKey(filter.q);
        where.push(phone ? '(instr(name_sort, ?) > 0 OR instr(email_sort, ?) > 0 OR instr(phone_digits, ?) > 0)' : '(instr(name_sort, ?) > 0 OR instr(email_sort, ?) > 0)');
        params.push(key, key, ...(phone ? [phone] : []));
      }
      const pageWhere = [...where];
      const pageParams = [...params];
      if (filter.cursor) {
        const { id, value } = decodeCursor(filter.cursor, scopeOf(filter));
        pageWhere.push('(name_order, id) > (?, ?)');
        pageParams.push(value!, id);
      }
      // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
      const rows = prepare(
        `SELECT ${COLUMNS}, name_order AS nameOrder FROM customers WHERE ${pageWhere.join(' AND ')} ORDER BY name_order, id LIMIT +?`,
      ).all(...pageParams, filter.limit + 1) as (CustomerRow & { nameOrder: string })[];
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(`SELECT count(*) AS n FROM customers WHERE ${where.join(' AND ')}`, params, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(({ nameOrder: _nameOrder, ...row }) => row),
        total,
        nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.nameOrder }) : null,
      };
    },
  };
}
export type CustomersRepository = ReturnType<typeof customersRepository>;
