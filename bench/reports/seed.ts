/**
 * Seeds a store with three years of sales for the reports benchmark, fast: the catalogue with
 * `petstore seed` (2,000 pets in 10 categories, with prices), then sales written straight through
 * the sales and refunds repositories, 20,000 sales a transaction, priced by src-shared/money.ts as
 * the service prices them. Deterministic (a fixed PRNG). The report summaries fill as in the app:
 * the triggers of migration 14 run in each transaction. No orders, stock movements or events are
 * written (the reports read none of them), so sale lines carry order ids of their own.
 *
 *   node --import tsx bench/reports/seed.ts --lines 100000 --db /tmp/reports-100k.db
 *
 * Sales: every day of 2024–2026 in Europe/Berlin, 09:00–19:00, one to five lines (2.25 on
 * average), 10% with a discount; paid by card (50%), cash with change (35%), card and cash (10%),
 * other (5%); 3% refunded a unit, one to ten days later (cash or card); 0.5% handed over later and
 * cancelled within hours.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { priceSale, refundShare, settle, type Payment } from '../../src-shared/money';
import { nextDate, startOfDay } from '../../src-shared/shop-days';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore, type Store } from '../../src-main/service/store';

export const TIME_ZONE = 'Europe/Berlin';
export const FIRST_DATE = '2024-01-01';
export const LAST_DATE = '2026-12-31';
const PETS = 2000;
const SALES_PER_TRANSACTION = 20_000;
const TAX_RATES = [1900, 1900, 700, 700, 1900, 1900, 700, 1900, 0, 1900];

/** mulberry32: a small, fast PRNG, the same sequence every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function call(store: Store, name: string, input: unknown): any { // eslint-disable-line @typescript-eslint/no-explicit-any -- a fixture's loose calls
  const result = invokeOperation(store.handlers, name as never, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.data;
}

/** Every date from FIRST_DATE to LAST_DATE. */
function dates(): string[] {
  const all: string[] = [];
  for (let date = FIRST_DATE; date <= LAST_DATE; date = nextDate(date)) all.push(date);
  return all;
}

export function seedReportsStore(file: string, lines: number): { sales: number; lines: number; refunds: number; ms: number } {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const petstore = join(resolve(import.meta.dirname, '..', '..'), 'bin', 'petstore.mjs');
  const seeded = spawnSync(process.execPath, [petstore, 'seed', '--db', file, '--pets', String(PETS)], { encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`petstore seed failed: ${seeded.stderr}`);

  const started = performance.now();
  const store = openStore(file);
  try {
    call(store, 'settings.update', { timeZone: TIME_ZONE });
    const categories = call(store, 'categories.list', { limit: 500 }).items as { id: number; name: string }[];
    categories.forEach((category, i) => call(store, 'categories.update', { categoryId: category.id, changes: { taxRate: TAX_RATES[i % TAX_RATES.length] } }));
    const rateOf = new Map(categories.map((category, i) => [category.id, { name: category.name, rate: TAX_RATES[i % TAX_RATES.length] }]));
    const pets = (store.db.prepare('SELECT id, name, category_id AS categoryId, price FROM pets ORDER BY id').all() as { id: number; name: string; categoryId: number; price: number }[]).map(
      (pet) => ({ ...pet, categoryName: rateOf.get(pet.categoryId)!.name, taxRate: rateOf.get(pet.categoryId)!.rate }),
    );

    const { sales, refunds } = store.context;
    const random = prng(20_261_128);
    const days = dates();
    // Sales a day so that the lines come to `lines` (2.25 lines a sale on average).
    const perDay = lines / 2.25 / days.length;
    let orderId = 0;
    let written = 0;
    let saleCount = 0;
    let refundCount = 0;
    const iso = (instant: number) => new Date(instant).toISOString();
    const batch: (() => void)[] = [];
    const flush = () => {
      store.db.transaction(() => batch.splice(0).forEach((write) => write()))();
    };

    for (const date of days) {
      if (written >= lines) break;
      const opens = startOfDay(date, TIME_ZONE) + 9 * 3_600_000;
      const count = Math.floor(perDay) + (random() < perDay % 1 ? 1 : 0);
      const times = Array.from({ length: count }, () => opens + Math.floor(random() * 10 * 3_600_000)).sort((a, b) => a - b);
      for (const time of times) {
        if (written >= lines) break;
        const size = Math.min(lines - written, [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5][Math.floor(random() * 12)]!);
        const chosen = new Set<number>();
        while (chosen.size < size) chosen.add(Math.floor(random() ** 2 * pets.length)); // some pets sell far more than others
        const sold = [...chosen].map((index) => ({ pet: pets[index], quantity: 1 + Math.floor(random() ** 3 * 3) }));
        const subtotal = sold.reduce((sum, line) => sum + line.pet.price * line.quantity, 0);
        const discount = random() < 0.1 ? Math.round(subtotal * 0.05) : 0;
        const priced = priceSale({ lines: sold.map(({ pet, quantity }) => ({ unitPrice: pet.price, quantity, taxRate: pet.taxRate })), discount, pricesIncludeTax: true });
        if (!priced.ok) throw new Error('a discount over the subtotal');
        const { total } = priced.sale;
        const how = random();
        const payments: Payment[] =
          how < 0.5
            ? [{ method: 'card', amount: total }]
            : how < 0.85
              ? [{ method: 'cash', amount: Math.ceil((total + 1) / 500) * 500 }]
              : how < 0.95
                ? [{ method: 'card', amount: Math.floor(total / 2) }, { method: 'cash', amount: Math.ceil(total / 2) }]
                : [{ method: 'other', amount: total }];
        const settled = settle(total, payments.filter((payment) => payment.amount > 0));
        if (!settled.ok) throw new Error('payments short');
        const later = random() < 0.005;
        const refunded = !later && random() < 0.03;
        const at = iso(time);
        const lineIds = sold.map(() => ++orderId);
        written += size;
        saleCount += 1;
        batch.push(() => {
          const saleId = sales.insert({
            number: sales.nextNumber(),
            createdAt: at,
            status: later ? 'open' : 'completed',
            handover: later ? 'later' : 'now',
            shipDate: null,
            note: null,
            customerId: null,
            currency: 'EUR',
            pricesIncludeTax: 1,
            subtotal: priced.sale.subtotal,
            discount: priced.sale.discount,
            net: priced.sale.net,
            tax: priced.sale.tax,
            total,
            paid: settled.paid,
            change: settled.change,
            completedAt: later ? null : at,
          });
          sold.forEach(({ pet, quantity }, line) =>
            sales.insertLine({ saleId, line, orderId: lineIds[line], petId: pet.id, petName: pet.name, categoryId: pet.categoryId, categoryName: pet.categoryName, quantity, unitPrice: pet.price, taxRate: pet.taxRate, ...priced.sale.lines[line] }),
          );
          payments.filter((payment) => payment.amount > 0).forEach((payment, position) => sales.insertPayment(saleId, position, payment));
          if (later) {
            // Cancelled within hours: everything back, method by method (cash less the change).
            const when = iso(time + 3_600_000);
            const refundId = refunds.insert({ saleId, createdAt: when, kind: 'cancel', restock: 1, reason: null, net: priced.sale.net, tax: priced.sale.tax, amount: total });
            sold.forEach(({ quantity }, line) => {
              refunds.insertLine(refundId, saleId, { line, quantity, ...refundShare({ ...priced.sale.lines[line], quantity }, 0, quantity) });
              sales.addReturned(saleId, line, quantity);
            });
            const back = payments.map((payment) => ({ ...payment, amount: payment.method === 'cash' ? payment.amount - settled.change : payment.amount })).filter((payment) => payment.amount > 0);
            back.forEach((payment, position) => refunds.insertPayment(refundId, position, payment));
            sales.addRefunded(saleId, total);
            sales.cancel(saleId, when);
          } else if (refunded) {
            const share = refundShare({ ...priced.sale.lines[0], quantity: sold[0].quantity }, 0, 1);
            const when = iso(time + (1 + Math.floor(random() * 10)) * 86_400_000);
            const refundId = refunds.insert({ saleId, createdAt: when, kind: 'refund', restock: 1, reason: null, net: share.net, tax: share.tax, amount: share.total });
            refunds.insertLine(refundId, saleId, { line: 0, quantity: 1, ...share });
            if (share.total > 0) refunds.insertPayment(refundId, 0, { method: random() < 0.5 ? 'cash' : 'card', amount: share.total });
            sales.addReturned(saleId, 0, 1);
            sales.addRefunded(saleId, share.total);
            refundCount += 1;
          }
        });
        if (batch.length >= SALES_PER_TRANSACTION) flush();
      }
    }
    flush();
    store.db.exec('ANALYZE');
    return { sales: saleCount, lines: written, refunds: refundCount, ms: performance.now() - started };
  } finally {
    store.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { lines: { type: 'string', default: '100000' }, db: { type: 'string', default: 'reports.db' } } });
  const result = seedReportsStore(values.db!, Number(values.lines));
  console.log(`Seeded ${result.lines.toLocaleString('en-US')} lines in ${result.sales.toLocaleString('en-US')} sales (${result.refunds} refunds) in ${(result.ms / 1000).toFixed(1)} s.`);
}
