import type { PaymentMethod, SaleStatus } from '../../../src-shared/schemas/sale';
import type { Db } from '../connection';
import { canonicalSet, decodeCursor, encodeCursor, placeholders, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { recordedByColumns, type RecordedByColumns, type Recorder } from './recorded-by';
import { statementCache } from './statement-cache';

/** A sales row as SQL gives it (nulls where a value is missing, 0/1 for a flag). */
export interface SaleRow extends RecordedByColumns {
  id: number;
  number: number;
  createdAt: string;
  status: SaleStatus;
  handover: 'now' | 'later';
  shipDate: string | null;
  note: string | null;
  customerId: number | null;
  currency: string;
  pricesIncludeTax: 0 | 1;
  subtotal: number;
  discount: number;
  net: number;
  tax: number;
  total: number;
  paid: number;
  change: number;
  refunded: number;
  completedAt: string | null;
  cancelledAt: string | null;
}

/** What a new sale's row holds: everything but its id, the running sums and who made it (the repository's recorder). */
export type NewSaleRow = Omit<SaleRow, 'id' | 'refunded' | 'cancelledAt' | keyof RecordedByColumns>;

/** One line as sold: its snapshots and priced amounts, and the units refunded so far. */
export interface SaleLineRow {
  saleId: number;
  line: number;
  orderId: number;
  petId: number;
  petName: string;
  categoryId: number;
  categoryName: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  gross: number;
  discount: number;
  net: number;
  tax: number;
  total: number;
  returned: number;
}

export interface PaymentRow {
  method: PaymentMethod;
  amount: number;
}

export interface SaleListFilter {
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  customerId?: number;
  status?: SaleStatus[];
  number?: number;
  limit: number;
  cursor?: string;
}

const COLUMNS = `id, number, created_at AS createdAt, status, handover, ship_date AS shipDate, note, customer_id AS customerId, currency,
  prices_include_tax AS pricesIncludeTax, subtotal, discount, net, tax, total, paid, change_given AS change, refunded,
  completed_at AS completedAt, cancelled_at AS cancelledAt, ${recordedByColumns()}`;
const LINE_COLUMNS = `sale_id AS saleId, line, order_id AS orderId, pet_id AS petId, pet_name AS petName, category_id AS categoryId,
  category_name AS categoryName, quantity, unit_price AS unitPrice, tax_rate AS taxRate, gross, discount, net, tax, total, returned`;

/** The query a cursor of this list continues: the filters as given (the bounds as instants). */
const scopeOf = (filter: SaleListFilter): CursorScope => ({
  list: 'sales',
  sort: '-createdAt',
  filters: [filter.from ?? null, filter.to ?? null, filter.customerId ?? null, canonicalSet(filter.status), filter.number ?? null],
});

/** Sales, their lines and payments, and the receipt numbers; listed newest first. A sale names who made it (`recorder`). */
export function salesRepository(db: Db, recorder: Recorder) {
  const prepare = statementCache(db);
  const totalOf = pageTotals(db, prepare);
  // After the highest number given, by a sale here or, before a restore, in the store it replaced (`sale_numbers`).
  const nextNumber = db.prepare<[], number>('SELECT max((SELECT coalesce(max(number), 0) FROM sales), last) + 1 FROM sale_numbers').pluck();
  const insert = db.prepare(
    `INSERT INTO sales (number, created_at, status, handover, ship_date, note, customer_id, currency, prices_include_tax,
       subtotal, discount, net, tax, total, paid, change_given, completed_at, clerk_id, clerk_name, till_id, till_name)
     VALUES (@number, @createdAt, @status, @handover, @shipDate, @note, @customerId, @currency, @pricesIncludeTax,
       @subtotal, @discount, @net, @tax, @total, @paid, @change, @completedAt, @clerkId, @clerkName, @tillId, @tillName)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO sale_lines (sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate,
       gross, discount, net, tax, total)
     VALUES (@saleId, @line, @orderId, @petId, @petName, @categoryId, @categoryName, @quantity, @unitPrice, @taxRate,
       @gross, @discount, @net, @tax, @total)`,
  );
  const insertPayment = db.prepare<[number, number, PaymentMethod, number]>('INSERT INTO sale_payments (sale_id, position, method, amount) VALUES (?, ?, ?, ?)');
  const byId = db.prepare<[number], SaleRow>(`SELECT ${COLUMNS} FROM sales WHERE id = ?`);
  const linesOf = db.prepare<[number], SaleLineRow>(`SELECT ${LINE_COLUMNS} FROM sale_lines WHERE sale_id = ? ORDER BY line`);
  const paymentsOf = db.prepare<[number], PaymentRow>('SELECT method, amount FROM sale_payments WHERE sale_id = ? ORDER BY position');
  const complete = db.prepare<[string, number]>("UPDATE sales SET status = 'completed', completed_at = ? WHERE id = ? AND status = 'open'");
  const cancel = db.prepare<[string, number]>("UPDATE sales SET status = 'cancelled', cancelled_at = ? WHERE id = ? AND status = 'open'");
  const addRefunded = db.prepare<[number, number]>('UPDATE sales SET refunded = refunded + ? WHERE id = ?');
  const addReturned = db.prepare<[number, number, number]>('UPDATE sale_lines SET returned = returned + ? WHERE sale_id = ? AND line = ?');
  // Through orders_by_sale (migration 10): a sale's orders that are not open yet, or still open.
  const ordersOf = db.prepare<[number], { open: number; other: number }>(
    "SELECT count(*) FILTER (WHERE status = 'open') AS open, count(*) FILTER (WHERE status <> 'open') AS other FROM orders WHERE sale_id = ?",
  );

  return {
    /** The next receipt number, read in the caller's write transaction: a refused sale takes none, so there are no gaps. */
    nextNumber: () => nextNumber.get()!,
    /** Writes the sale with who makes it (read it back with `find`); answers its id. */
    insert: (row: NewSaleRow) => Number(insert.run({ ...row, ...recorder() }).lastInsertRowid),
    insertLine: (row: Omit<SaleLineRow, 'returned'>) => insertLine.run(row),
    insertPayment: (saleId: number, position: number, payment: PaymentRow) => insertPayment.run(saleId, position, payment.method, payment.amount),
    find: (id: number) => byId.get(id),
    lines: (saleId: number) => linesOf.all(saleId),
    payments: (saleId: number) => paymentsOf.all(saleId),
    /** How many of the sale's orders are still open, and how many are not (fulfilled or cancelled). */
    orderStanding: (saleId: number) => ordersOf.get(saleId)!,
    /** An open sale becomes completed (its last order fulfilled). */
    complete: (id: number, at: string) => complete.run(at, id),
    /** An open sale becomes cancelled; it keeps its number. */
    cancel: (id: number, at: string) => cancel.run(at, id),
    /** A refund's amount added to the sale's, and its units to each line's. */
    addRefunded: (id: number, amount: number) => addRefunded.run(amount, id),
    addReturned: (saleId: number, line: number, quantity: number) => addReturned.run(quantity, saleId, line),

    list(filter: SaleListFilter): { rows: SaleRow[]; total: number; nextCursor: string | null } {
      const where: string[] = [];
      const params: (number | string)[] = [];
      if (filter.from !== undefined) {
        where.push('created_at >= ?');
        params.push(filter.from);
      }
      if (filter.to !== undefined) {
        where.push('created_at < ?');
        params.push(filter.to);
      }
      if (filter.customerId !== undefined) {
        where.push('customer_id = ?');
        params.push(filter.customerId);
      }
      const statuses = canonicalSet(filter.status);
      if (statuses && statuses.length < 3) {
        where.push(`status IN (${placeholders(statuses.length)})`);
        params.push(...statuses);
      }
      if (filter.number !== undefined) {
        where.push('number = ?');
        params.push(filter.number);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const pageWhere = [...where];
      const pageParams = [...params];
      if (filter.cursor) {
        const { id, value } = decodeCursor(filter.cursor, scopeOf(filter));
        pageWhere.push('(created_at, id) < (?, ?)');
        pageParams.push(value!, id);
      }
      // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
      const rows = prepare(
        `SELECT ${COLUMNS} FROM sales ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT +?`,
      ).all(...pageParams, filter.limit + 1) as SaleRow[];
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(`SELECT count(*) AS n FROM sales ${whereSql}`, params, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.createdAt }) : null };
    },
  };
}
export type SalesRepository = ReturnType<typeof salesRepository>;
