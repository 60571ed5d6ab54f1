import { nameOrderKey, nameSortKey } from '../../../../src-shared/name-keys';
// A search that reads as a phone, the keys stored beside the fields: as SQLite's.
import { keysOf, phoneSearch, type CustomerFields, type CustomerListFilter, type CustomerRow, type CustomersRepository } from '../../repositories/customers';
import { encodeCursor, type CursorScope } from '../../repositories/paging';
import { sql, type Step, type Stepped } from '../../step';
import { decodeCursorStep } from './cursors';
import { pageTotals, type PageTotal } from './page-totals';
import { Params } from './params';
import { runResult } from './run-result';

const COLUMNS = `id, name, phone, email, note, created_at AS "createdAt", updated_at AS "updatedAt", forgotten_at AS "forgottenAt"`;

/**
 * A customer event's data with SQLite's json_set(json_remove(data, phone, email, note), name, forgottenAt),
 * byte for byte: the other members kept in place and as written, `name` and `forgottenAt` replaced in
 * place or added at the end. jsonb would reorder the members and respell the text.
 */
const ERASED_DATA = `(SELECT '{' || string_agg(to_json(member.key)::text || ':' || member.value, ',' ORDER BY member.n) || '}'
  FROM (SELECT key, CASE key WHEN 'name' THEN to_json($1::text)::text WHEN 'forgottenAt' THEN to_json($2::text)::text ELSE value::text END AS value, n
        FROM json_each(events.data::json) WITH ORDINALITY AS kept(key, value, n) WHERE key NOT IN ('phone', 'email', 'note')
        UNION ALL SELECT 'name', to_json($1::text)::text, 1e9 WHERE NOT events.data::jsonb ? 'name'
        UNION ALL SELECT 'forgottenAt', to_json($2::text)::text, 1e9 + 1 WHERE NOT events.data::jsonb ? 'forgottenAt') AS member)`;

const scopeOf = (filter: CustomerListFilter): CursorScope => ({
  list: 'customers',
  sort: 'name',
  filters: [filter.forgotten, filter.q ? nameSortKey(filter.q) : null],
});

/** Customers on PostgreSQL: SQLite's customersRepository, query for query. */
export function postgresCustomersRepository(pageTotal: PageTotal = pageTotals()): Stepped<CustomersRepository> {
  function* nameOrderOf(id: number): Step<string | undefined> {
    return (yield* sql<{ nameOrder: string }>('SELECT name_order AS "nameOrder" FROM customers WHERE id = $1', [id])).rows[0]?.nameOrder;
  }

  return {
    *find(id: number) {
      return (yield* sql<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE id = $1`, [id])).rows[0];
    },
    *insert(fields: CustomerFields, at: string) {
      const { rows } = yield* sql<{ id: number }>(
        `INSERT INTO customers (name, phone, email, note, name_sort, name_order, phone_digits, email_sort, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [fields.name, fields.phone, fields.email, fields.note, ...keysOf(fields), at, at],
      );
      return rows[0]!.id;
    },
    *update(id: number, fields: CustomerFields, at: string) {
      return runResult(
        yield* sql(
          `UPDATE customers SET name = $1, phone = $2, email = $3, note = $4, name_sort = $5, name_order = $6, phone_digits = $7, email_sort = $8,
             updated_at = $9 WHERE id = $10`,
          [fields.name, fields.phone, fields.email, fields.note, ...keysOf(fields), at, id],
        ),
      );
    },
    *markForgotten(id: number, at: string) {
      return runResult(yield* sql('UPDATE customers SET forgotten_at = $1, updated_at = $1 WHERE id = $2', [at, id]));
    },
    /** The change log's customer.created and customer.updated events (through events_by_customer), and kept create answers, in one statement. */
    *eraseTraces(id: number, name: string, at: string) {
      yield* sql(
        `WITH erased AS (
           UPDATE events SET data = ${ERASED_DATA}
           WHERE type IN ('customer.created', 'customer.updated') AND data::jsonb -> 'id' = to_jsonb($3::bigint))
         DELETE FROM idempotency_keys
         WHERE operation = 'customers.create' AND (CASE WHEN operation = 'customers.create' THEN body::jsonb -> 'id' END) = to_jsonb($3::bigint)`,
        [name, at, id],
      );
    },
    *forgetAgain(name: string) {
      const { rowCount } = yield* sql(
        `UPDATE customers SET name = $1, name_sort = $2, name_order = $3, phone = NULL, phone_digits = '', email = NULL, email_sort = '', note = NULL,
           forgotten_at = forgotten.at, updated_at = forgotten.at
         FROM (SELECT data::jsonb -> 'id' AS id, max((data::jsonb ->> 'forgottenAt') COLLATE "C") AS at FROM events
               WHERE type = 'customer.forgotten' GROUP BY 1) AS forgotten
         WHERE to_jsonb(customers.id) = forgotten.id AND customers.forgotten_at IS NULL`,
        [name, nameSortKey(name), nameOrderKey(name)],
      );
      return rowCount;
    },

    *list(filter: CustomerListFilter) {
      const where = [filter.forgotten ? 'forgotten_at IS NOT NULL' : 'forgotten_at IS NULL'];
      const p = new Params();
      if (filter.q) {
        const phone = phoneSearch(filter.q);
        const key = p.add(nameSortKey(filter.q));
        where.push(`(strpos(name_sort, ${key}) > 0 OR strpos(email_sort, ${key}) > 0${phone ? ` OR strpos(phone_digits, ${p.add(phone)}) > 0` : ''})`);
      }
      const filterValues = [...p.values];
      const pageWhere = [...where];
      if (filter.cursor) {
        const { id, value } = yield* decodeCursorStep(filter.cursor, scopeOf(filter), nameOrderOf);
        pageWhere.push(`(name_order, id) > (${p.add(value!)}, ${p.add(id)})`);
      }
      const { rows } = yield* sql<CustomerRow & { nameOrder: string }>(
        `SELECT ${COLUMNS}, name_order AS "nameOrder" FROM customers WHERE ${pageWhere.join(' AND ')} ORDER BY name_order, id LIMIT ${p.add(filter.limit + 1)}`,
        p.values,
      );
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = yield* pageTotal(`SELECT count(*) AS n FROM customers WHERE ${where.join(' AND ')}`, filterValues, {
        cursor: filter.cursor,
        shown: rows.length,
        more,
      });
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(({ nameOrder: _nameOrder, ...row }) => row),
        total,
        nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.nameOrder }) : null,
      };
    },
  };
}
