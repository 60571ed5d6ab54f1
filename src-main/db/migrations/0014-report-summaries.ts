/**
 * Report summaries: the sums of sales, refunds and payments per hour (UTC), kept by triggers in the
 * transaction that writes a sale, a payment, a refund or a cancel, so a report over a year reads a
 * few thousand rows instead of every sale line (docs/decisions.md#reports-read-hourly-sums).
 *
 * Hours, not days: the shop's days depend on its time zone, a setting that may change, and every
 * zone's midnight falls on an hour or a quarter-hour of UTC; a report takes the whole hours of its
 * days from here and the parts of hours at their edges from the records. `hour` is the first 13
 * characters of an ISO instant (`2026-11-28T14`). The sums are the stored amounts of the sales
 * (migration 13), never computed again. `sales` counts a sale once per row it touches.
 * Once shipped, never edit: add a new migration instead.
 */

/** The figures a line of a sale or of a refund adds to, per hour (and category or pet). */
const LINE_FIGURES = `sales INTEGER NOT NULL DEFAULT 0, quantity INTEGER NOT NULL DEFAULT 0, gross INTEGER NOT NULL DEFAULT 0,
  discounts INTEGER NOT NULL DEFAULT 0, net INTEGER NOT NULL DEFAULT 0, tax INTEGER NOT NULL DEFAULT 0, total INTEGER NOT NULL DEFAULT 0,
  refunded_quantity INTEGER NOT NULL DEFAULT 0, refunded_net INTEGER NOT NULL DEFAULT 0, refunded_tax INTEGER NOT NULL DEFAULT 0,
  refunds INTEGER NOT NULL DEFAULT 0`;

const SOLD = ['quantity', 'gross', 'discounts', 'net', 'tax', 'total'];
const REFUNDED = ['refunded_quantity', 'refunded_net', 'refunded_tax', 'refunds'];
/** `ON CONFLICT … DO UPDATE SET a = a + excluded.a, …`: an upsert that adds. */
const adding = (columns: string[]) => columns.map((column) => `${column} = ${column} + excluded.${column}`).join(', ');

/** A sale line's amounts, as `NEW.<column>`, in the order of SOLD. */
const LINE_AMOUNTS = 'NEW.quantity, NEW.gross, NEW.discount, NEW.net, NEW.tax, NEW.total';
/** A refund line's amounts, in the order of REFUNDED. */
const REFUND_AMOUNTS = 'NEW.quantity, NEW.net, NEW.tax, NEW.total';

export const sql = /* sql */ `
CREATE TABLE report_hours (
  hour TEXT NOT NULL PRIMARY KEY,
  ${LINE_FIGURES},
  cancelled INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TABLE report_category_hours (
  hour TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  ${LINE_FIGURES},
  PRIMARY KEY (hour, category_id)
) WITHOUT ROWID;

CREATE TABLE report_pet_hours (
  hour TEXT NOT NULL,
  pet_id INTEGER NOT NULL,
  ${LINE_FIGURES},
  PRIMARY KEY (hour, pet_id)
) WITHOUT ROWID;

CREATE TABLE report_payment_hours (
  hour TEXT NOT NULL,
  method TEXT NOT NULL,
  sales INTEGER NOT NULL DEFAULT 0,
  paid INTEGER NOT NULL DEFAULT 0,
  change INTEGER NOT NULL DEFAULT 0,
  refunds INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, method)
) WITHOUT ROWID;

-- The name each pet and category was last sold under: a report names a deleted one so.
CREATE TABLE report_pet_names (pet_id INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE report_category_names (category_id INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;

-- The day report's cancelled sales.
CREATE INDEX sales_by_cancelled ON sales(cancelled_at) WHERE cancelled_at IS NOT NULL;

CREATE TRIGGER report_sale AFTER INSERT ON sales BEGIN
  INSERT INTO report_hours (hour, sales) VALUES (substr(NEW.created_at, 1, 13), 1)
  ON CONFLICT (hour) DO UPDATE SET sales = sales + 1;
END;

-- A sale counts once per category and pet: the first of its lines there adds it.
CREATE TRIGGER report_sale_line AFTER INSERT ON sale_lines BEGIN
  INSERT INTO report_hours (hour, ${SOLD.join(', ')})
  SELECT substr(s.created_at, 1, 13), ${LINE_AMOUNTS} FROM sales s WHERE s.id = NEW.sale_id
  ON CONFLICT (hour) DO UPDATE SET ${adding(SOLD)};
  INSERT INTO report_category_hours (hour, category_id, sales, ${SOLD.join(', ')})
  SELECT substr(s.created_at, 1, 13), NEW.category_id,
    NOT EXISTS (SELECT 1 FROM sale_lines o WHERE o.sale_id = NEW.sale_id AND o.category_id = NEW.category_id AND o.line <> NEW.line),
    ${LINE_AMOUNTS}
  FROM sales s WHERE s.id = NEW.sale_id
  ON CONFLICT (hour, category_id) DO UPDATE SET ${adding(['sales', ...SOLD])};
  INSERT INTO report_pet_hours (hour, pet_id, sales, ${SOLD.join(', ')})
  SELECT substr(s.created_at, 1, 13), NEW.pet_id,
    NOT EXISTS (SELECT 1 FROM sale_lines o WHERE o.sale_id = NEW.sale_id AND o.pet_id = NEW.pet_id AND o.line <> NEW.line),
    ${LINE_AMOUNTS}
  FROM sales s WHERE s.id = NEW.sale_id
  ON CONFLICT (hour, pet_id) DO UPDATE SET ${adding(['sales', ...SOLD])};
  INSERT INTO report_pet_names (pet_id, name) VALUES (NEW.pet_id, NEW.pet_name) ON CONFLICT (pet_id) DO UPDATE SET name = excluded.name;
  INSERT INTO report_category_names (category_id, name) VALUES (NEW.category_id, NEW.category_name)
  ON CONFLICT (category_id) DO UPDATE SET name = excluded.name;
END;

-- Only cash gives change: a sale's change goes with its first cash payment.
CREATE TRIGGER report_sale_payment AFTER INSERT ON sale_payments BEGIN
  INSERT INTO report_payment_hours (hour, method, sales, paid, change)
  SELECT substr(s.created_at, 1, 13), NEW.method,
    NOT EXISTS (SELECT 1 FROM sale_payments o WHERE o.sale_id = NEW.sale_id AND o.method = NEW.method AND o.position <> NEW.position),
    NEW.amount,
    CASE WHEN NEW.method = 'cash'
      AND NOT EXISTS (SELECT 1 FROM sale_payments o WHERE o.sale_id = NEW.sale_id AND o.method = 'cash' AND o.position <> NEW.position)
      THEN s.change_given ELSE 0 END
  FROM sales s WHERE s.id = NEW.sale_id
  ON CONFLICT (hour, method) DO UPDATE SET ${adding(['sales', 'paid', 'change'])};
END;

-- A cancel counts in the hour it was made (its refund, written with it, too).
CREATE TRIGGER report_sale_cancelled AFTER UPDATE OF status ON sales
WHEN NEW.status = 'cancelled' AND OLD.status IS NOT 'cancelled' BEGIN
  INSERT INTO report_hours (hour, cancelled)
  VALUES (substr(coalesce(NEW.cancelled_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), 1, 13), 1)
  ON CONFLICT (hour) DO UPDATE SET cancelled = cancelled + 1;
END;

-- A refund counts in the hour it was made, under the category and pet of the line it refunds.
CREATE TRIGGER report_refund_line AFTER INSERT ON refund_lines BEGIN
  INSERT INTO report_hours (hour, ${REFUNDED.join(', ')})
  SELECT substr(r.created_at, 1, 13), ${REFUND_AMOUNTS} FROM refunds r WHERE r.id = NEW.refund_id
  ON CONFLICT (hour) DO UPDATE SET ${adding(REFUNDED)};
  INSERT INTO report_category_hours (hour, category_id, ${REFUNDED.join(', ')})
  SELECT substr(r.created_at, 1, 13), l.category_id, ${REFUND_AMOUNTS}
  FROM refunds r JOIN sale_lines l ON l.sale_id = NEW.sale_id AND l.line = NEW.line WHERE r.id = NEW.refund_id
  ON CONFLICT (hour, category_id) DO UPDATE SET ${adding(REFUNDED)};
  INSERT INTO report_pet_hours (hour, pet_id, ${REFUNDED.join(', ')})
  SELECT substr(r.created_at, 1, 13), l.pet_id, ${REFUND_AMOUNTS}
  FROM refunds r JOIN sale_lines l ON l.sale_id = NEW.sale_id AND l.line = NEW.line WHERE r.id = NEW.refund_id
  ON CONFLICT (hour, pet_id) DO UPDATE SET ${adding(REFUNDED)};
END;

CREATE TRIGGER report_refund_payment AFTER INSERT ON refund_payments BEGIN
  INSERT INTO report_payment_hours (hour, method, refunds)
  SELECT substr(r.created_at, 1, 13), NEW.method, NEW.amount FROM refunds r WHERE r.id = NEW.refund_id
  ON CONFLICT (hour, method) DO UPDATE SET refunds = refunds + excluded.refunds;
END;
`;

/** Sums of the sale lines, grouped by `key` (with the hour), as the line trigger adds them. */
const soldBy = (table: string, key: string) => /* sql */ `
INSERT INTO ${table} (hour${key ? `, ${key}, sales` : ''}, ${SOLD.join(', ')})
SELECT substr(s.created_at, 1, 13)${key ? `, l.${key}, count(DISTINCT l.sale_id)` : ''},
  sum(l.quantity), sum(l.gross), sum(l.discount), sum(l.net), sum(l.tax), sum(l.total)
FROM sales s JOIN sale_lines l ON l.sale_id = s.id WHERE true GROUP BY 1${key ? ', 2' : ''}
ON CONFLICT (hour${key ? `, ${key}` : ''}) DO UPDATE SET ${adding(key ? ['sales', ...SOLD] : SOLD)};`;

/** Sums of the refund lines, by the refund's hour (and the refunded line's key). */
const refundedBy = (table: string, key: string) => /* sql */ `
INSERT INTO ${table} (hour${key ? `, ${key}` : ''}, ${REFUNDED.join(', ')})
SELECT substr(r.created_at, 1, 13)${key ? `, l.${key}` : ''}, sum(rl.quantity), sum(rl.net), sum(rl.tax), sum(rl.total)
FROM refunds r JOIN refund_lines rl ON rl.refund_id = r.id JOIN sale_lines l ON l.sale_id = rl.sale_id AND l.line = rl.line
WHERE true GROUP BY 1${key ? ', 2' : ''}
ON CONFLICT (hour${key ? `, ${key}` : ''}) DO UPDATE SET ${adding(REFUNDED)};`;

/**
 * The summaries computed afresh from the records: what the triggers keep, row for row. The
 * upgrade fills them so (a store with sales at version 13), and tests compare the two.
 */
export const rebuildSql = /* sql */ `
DELETE FROM report_hours;
DELETE FROM report_category_hours;
DELETE FROM report_pet_hours;
DELETE FROM report_payment_hours;
DELETE FROM report_pet_names;
DELETE FROM report_category_names;
INSERT INTO report_pet_names (pet_id, name) SELECT pet_id, pet_name FROM (SELECT pet_id, pet_name, max(sale_id * 1000000 + line) FROM sale_lines GROUP BY pet_id);
INSERT INTO report_category_names (category_id, name)
SELECT category_id, category_name FROM (SELECT category_id, category_name, max(sale_id * 1000000 + line) FROM sale_lines GROUP BY category_id);
INSERT INTO report_hours (hour, sales) SELECT substr(created_at, 1, 13), count(*) FROM sales WHERE true GROUP BY 1
ON CONFLICT (hour) DO UPDATE SET sales = sales + excluded.sales;
${soldBy('report_hours', '')}
${soldBy('report_category_hours', 'category_id')}
${soldBy('report_pet_hours', 'pet_id')}
INSERT INTO report_hours (hour, cancelled)
SELECT substr(cancelled_at, 1, 13), count(*) FROM sales WHERE status = 'cancelled' AND cancelled_at IS NOT NULL GROUP BY 1
ON CONFLICT (hour) DO UPDATE SET cancelled = cancelled + excluded.cancelled;
${refundedBy('report_hours', '')}
${refundedBy('report_category_hours', 'category_id')}
${refundedBy('report_pet_hours', 'pet_id')}
INSERT INTO report_payment_hours (hour, method, sales, paid)
SELECT substr(s.created_at, 1, 13), p.method, count(DISTINCT p.sale_id), sum(p.amount)
FROM sales s JOIN sale_payments p ON p.sale_id = s.id WHERE true GROUP BY 1, 2
ON CONFLICT (hour, method) DO UPDATE SET ${adding(['sales', 'paid'])};
INSERT INTO report_payment_hours (hour, method, change)
SELECT substr(s.created_at, 1, 13), 'cash', sum(s.change_given)
FROM sales s WHERE EXISTS (SELECT 1 FROM sale_payments p WHERE p.sale_id = s.id AND p.method = 'cash') GROUP BY 1
ON CONFLICT (hour, method) DO UPDATE SET change = change + excluded.change;
INSERT INTO report_payment_hours (hour, method, refunds)
SELECT substr(r.created_at, 1, 13), rp.method, sum(rp.amount) FROM refunds r JOIN refund_payments rp ON rp.refund_id = r.id WHERE true GROUP BY 1, 2
ON CONFLICT (hour, method) DO UPDATE SET refunds = refunds + excluded.refunds;
`;
