/**
 * The one pricing module: every amount of a sale, a refund and a report is computed here, once, in
 * integers of the currency's minor unit (cents, yen, fils). No floats: products and quotients are
 * taken in BigInt and come back as safe integers, which the bounds below guarantee.
 *
 * The rule (docs/decisions.md#one-rounding-rule): a line's gross is unit price × quantity; a sale's
 * discount is split over its lines in proportion to their gross by the largest-remainder method (the
 * shares add up to the discount exactly; ties go to the earlier line); each line's tax is rounded
 * once, half away from zero, from what the line comes to after its share; the sale's tax is the sum
 * of its lines' taxes, and its tax per rate the sum of the taxes of the lines at that rate.
 */

/** The highest unit price, in minor units (1,000,000.00 in a two-digit currency). */
export const UNIT_PRICE_MAX = 100_000_000;
/** The most units on one line (as an order takes). */
export const LINE_QUANTITY_MAX = 1000;
/** The most lines one sale prices. */
export const SALE_LINES_MAX = 1000;
/** The most payments (or refund payments) one sale settles. */
export const PAYMENTS_MAX = 20;
/** A tax rate in basis points: 0 (none) to 10,000 (100 %). */
export const TAX_RATE_MAX = 10_000;
/**
 * The highest amount any sale can come to: every line at the highest price, quantity and tax rate
 * (tax added on top). Far below 2^53: sums of a sale's payments stay exact too.
 */
export const AMOUNT_MAX = SALE_LINES_MAX * LINE_QUANTITY_MAX * UNIT_PRICE_MAX * 2;

/** One line as sold: its unit price (minor units), how many, and its tax rate (basis points). */
export interface LineInput {
  unitPrice: number;
  quantity: number;
  taxRate: number;
}

/** A line priced. `net + tax = total`; `gross - discount` is `total` (tax included) or `net` (tax added). */
export interface PricedLine {
  /** unitPrice × quantity, as the price list says (with or without tax, as the shop's prices are). */
  gross: number;
  /** This line's share of the sale's discount. */
  discount: number;
  /** What the line comes to without tax, after its discount. */
  net: number;
  tax: number;
  /** What the customer pays for the line: net + tax. */
  total: number;
}

/** The lines at one tax rate, summed (the day report's tax per rate). */
export interface RateTotals {
  taxRate: number;
  net: number;
  tax: number;
  total: number;
}

/** A sale priced: its lines, in order, and their sums. */
export interface PricedSale {
  lines: PricedLine[];
  /** Sum of the lines' gross. */
  subtotal: number;
  discount: number;
  net: number;
  /** Sum of the lines' tax. */
  tax: number;
  /** Sum of the lines' totals: what the customer owes. */
  total: number;
  /** One entry per tax rate the sale has, lowest rate first. */
  taxByRate: RateTotals[];
}

export type PriceResult = { ok: true; sale: PricedSale } | { ok: false; problem: 'discount-over-subtotal'; subtotal: number; discount: number };

export type PaymentMethod = 'cash' | 'card' | 'other';

export interface Payment {
  method: PaymentMethod;
  amount: number;
}

export type SettleResult =
  | { ok: true; paid: number; change: number }
  /** The payments add up to less than the total. */
  | { ok: false; problem: 'short'; paid: number; total: number }
  /** Card or other payments alone exceed the total: only cash gives change. */
  | { ok: false; problem: 'change-without-cash'; paid: number; total: number; cash: number };

/** A whole number from 0 to max, or a RangeError: callers validate input first, so this is a bug. */
function mustBeCount(name: string, value: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) throw new RangeError(`${name} must be a whole number from 0 to ${max}; got ${value}`);
}

/** a / b rounded half away from zero, for a ≥ 0 and b > 0 (every amount here is never negative). */
export function divideRounded(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** The tax in a tax-inclusive amount: amount × rate / (10,000 + rate), rounded once. */
function taxIncluded(amount: bigint, rate: bigint): bigint {
  return divideRounded(amount * rate, 10_000n + rate);
}

/** The tax on a tax-exclusive amount: amount × rate / 10,000, rounded once. */
function taxOn(amount: bigint, rate: bigint): bigint {
  return divideRounded(amount * rate, 10_000n);
}

/**
 * `total` split over `weights` in proportion, by the largest-remainder method: each share is the
 * rounded-down proportion, and the units left over go one each to the largest remainders (the
 * earlier weight first on a tie). The shares add up to `total` exactly; none exceeds its weight
 * when total ≤ the weights' sum.
 */
export function splitByWeight(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const shares = weights.map((weight) => (total * weight) / sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .filter(({ remainder }) => remainder > 0n)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index] += 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * Prices a sale: each line's gross, discount share, net, tax and total, and the sale's sums.
 * `discount` (minor units off the whole sale) may not exceed the subtotal. Inputs beyond the bounds
 * above are a RangeError (the schemas refuse them first).
 */
export function priceSale(input: { lines: readonly LineInput[]; discount?: number; pricesIncludeTax: boolean }): PriceResult {
  const { lines, discount = 0, pricesIncludeTax } = input;
  if (lines.length > SALE_LINES_MAX) throw new RangeError(`A sale prices at most ${SALE_LINES_MAX} lines; got ${lines.length}`);
  for (const line of lines) {
    mustBeCount('unitPrice', line.unitPrice, UNIT_PRICE_MAX);
    mustBeCount('quantity', line.quantity, LINE_QUANTITY_MAX);
    mustBeCount('taxRate', line.taxRate, TAX_RATE_MAX);
  }
  mustBeCount('discount', discount, AMOUNT_MAX);

  const grosses = lines.map((line) => BigInt(line.unitPrice) * BigInt(line.quantity));
  const subtotal = grosses.reduce((a, b) => a + b, 0n);
  if (BigInt(discount) > subtotal) return { ok: false, problem: 'discount-over-subtotal', subtotal: Number(subtotal), discount };

  const shares = splitByWeight(BigInt(discount), grosses);
  const priced = lines.map((line, index): PricedLine => {
    const rate = BigInt(line.taxRate);
    const after = grosses[index] - shares[index];
    const tax = pricesIncludeTax ? taxIncluded(after, rate) : taxOn(after, rate);
    const net = pricesIncludeTax ? after - tax : after;
    return { gross: Number(grosses[index]), discount: Number(shares[index]), net: Number(net), tax: Number(tax), total: Number(net + tax) };
  });

  const sum = (field: keyof PricedLine) => priced.reduce((total, line) => total + line[field], 0);
  return {
    ok: true,
    sale: {
      lines: priced,
      subtotal: Number(subtotal),
      discount,
      net: sum('net'),
      tax: sum('tax'),
      total: sum('total'),
      taxByRate: taxesByRate(priced.map((line, index) => ({ ...line, taxRate: lines[index].taxRate }))),
    },
  };
}

/**
 * The lines at each tax rate, summed, lowest rate first: a sale priced now (`priceSale`) and one read
 * back from its stored lines (a receipt reprinted) give the same figures by the same sums.
 */
export function taxesByRate(lines: readonly { taxRate: number; net: number; tax: number; total: number }[]): RateTotals[] {
  const byRate = new Map<number, RateTotals>();
  for (const { taxRate, net, tax, total } of lines) {
    const sums = byRate.get(taxRate) ?? { taxRate, net: 0, tax: 0, total: 0 };
    byRate.set(taxRate, { taxRate, net: sums.net + net, tax: sums.tax + tax, total: sums.total + total });
  }
  return [...byRate.values()].sort((a, b) => a.taxRate - b.taxRate);
}

/**
 * What the payments come to against a total: `paid` and the `change` handed back. Payments must
 * cover the total, and only cash gives change: card and other payments together may not exceed it.
 */
export function settle(total: number, payments: readonly Payment[]): SettleResult {
  mustBeCount('total', total, AMOUNT_MAX);
  if (payments.length > PAYMENTS_MAX) throw new RangeError(`At most ${PAYMENTS_MAX} payments; got ${payments.length}`);
  for (const payment of payments) mustBeCount('payment amount', payment.amount, AMOUNT_MAX);
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const cash = payments.filter((payment) => payment.method === 'cash').reduce((sum, payment) => sum + payment.amount, 0);
  if (paid < total) return { ok: false, problem: 'short', paid, total };
  if (paid - cash > total) return { ok: false, problem: 'change-without-cash', paid, total, cash };
  return { ok: true, paid, change: paid - total };
}

/** What a refund gives back for some units of a sold line. */
export interface RefundShare {
  net: number;
  tax: number;
  total: number;
}

/**
 * The part of a sold line's net and tax that `returning` more units take back, after
 * `returnedBefore` units already came back: what all units returned so far are worth (amount ×
 * returned / quantity, rounded once) less what the earlier ones were worth, for the net and the tax
 * each; the total is their sum. However the units come back, one by one or all at once, the refunds
 * add up to the line's net, tax and total exactly, and none is negative.
 */
export function refundShare(line: { total: number; tax: number; quantity: number }, returnedBefore: number, returning: number): RefundShare {
  mustBeCount('quantity', line.quantity, LINE_QUANTITY_MAX);
  mustBeCount('line total', line.total, AMOUNT_MAX);
  mustBeCount('line tax', line.tax, line.total);
  mustBeCount('units returned before', returnedBefore, line.quantity);
  mustBeCount('units returned', returning, line.quantity - returnedBefore);
  if (line.quantity === 0) return { net: 0, tax: 0, total: 0 };
  const quantity = BigInt(line.quantity);
  const after = BigInt(returnedBefore + returning);
  const before = BigInt(returnedBefore);
  const part = (amount: bigint) => divideRounded(amount * after, quantity) - divideRounded(amount * before, quantity);
  const tax = part(BigInt(line.tax));
  const net = part(BigInt(line.total - line.tax));
  return { net: Number(net), tax: Number(tax), total: Number(net + tax) };
}
