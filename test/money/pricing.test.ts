/**
 * src-shared/money.ts, the one pricing module: for any sale within the schemas' bounds the amounts
 * add up to the minor unit (line totals to the total, discount shares to the discount, net + tax to
 * each line's total, per-rate taxes to the tax), none is negative or unsafe, and the worked
 * examples of docs/decisions.md#one-rounding-rule come out as written there.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  AMOUNT_MAX,
  LINE_QUANTITY_MAX,
  PAYMENTS_MAX,
  SALE_LINES_MAX,
  TAX_RATE_MAX,
  UNIT_PRICE_MAX,
  divideRounded,
  priceSale,
  refundShare,
  settle,
  splitByWeight,
  type LineInput,
  type PricedSale,
} from '../../src-shared/money';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Tax rates a shop uses, and any other rate within the bounds. */
const rate = fc.oneof(fc.constantFrom(0, 700, 1900, 2000, 2100, 10_000), fc.integer({ min: 0, max: TAX_RATE_MAX }));
/** Small prices (where rounding shows) and any price within the bounds. */
const unitPrice = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: UNIT_PRICE_MAX }));
const quantity = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: LINE_QUANTITY_MAX }));
const line = fc.record({ unitPrice, quantity, taxRate: rate });

/** A sale: lines, a discount from none to the whole subtotal, and either way of quoting tax. */
const sale = fc
  .record({ lines: fc.array(line, { minLength: 0, maxLength: 12 }), fraction: fc.double({ min: 0, max: 1, noNaN: true }), pricesIncludeTax: fc.boolean() })
  .map(({ lines, fraction, pricesIncludeTax }) => {
    const subtotal = sum(lines.map((l) => l.unitPrice * l.quantity));
    return { lines, discount: Math.floor(subtotal * fraction), pricesIncludeTax };
  });

function priced(input: { lines: LineInput[]; discount?: number; pricesIncludeTax: boolean }): PricedSale {
  const result = priceSale(input);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.sale;
}

describe('priceSale: every sale adds up to the minor unit', () => {
  test('line totals sum to the total, shares to the discount, taxes to the tax; net + tax = total on every line', () => {
    fc.assert(
      fc.property(sale, (input) => {
        const s = priced(input);
        expect(s.lines).toHaveLength(input.lines.length);
        expect(sum(s.lines.map((l) => l.total))).toBe(s.total);
        expect(sum(s.lines.map((l) => l.discount))).toBe(input.discount);
        expect(s.discount).toBe(input.discount);
        expect(sum(s.lines.map((l) => l.tax))).toBe(s.tax);
        expect(sum(s.lines.map((l) => l.net))).toBe(s.net);
        expect(sum(s.lines.map((l) => l.gross))).toBe(s.subtotal);
        for (const [i, l] of s.lines.entries()) {
          expect(l.gross).toBe(input.lines[i].unitPrice * input.lines[i].quantity);
          expect(l.net + l.tax).toBe(l.total);
          // Tax included: what the line comes to after its share is its total; tax added: its net.
          expect(l.gross - l.discount).toBe(input.pricesIncludeTax ? l.total : l.net);
        }
        expect(s.total).toBe(input.pricesIncludeTax ? s.subtotal - s.discount : s.subtotal - s.discount + s.tax);
      }),
      { numRuns: 2000 },
    );
  });

  test('tax per rate: one entry per rate, lowest first, summing to the sale\'s net, tax and total', () => {
    fc.assert(
      fc.property(sale, (input) => {
        const s = priced(input);
        const rates = [...new Set(input.lines.map((l) => l.taxRate))].sort((a, b) => a - b);
        expect(s.taxByRate.map((entry) => entry.taxRate)).toEqual(rates);
        expect(sum(s.taxByRate.map((entry) => entry.tax))).toBe(s.tax);
        expect(sum(s.taxByRate.map((entry) => entry.net))).toBe(s.net);
        expect(sum(s.taxByRate.map((entry) => entry.total))).toBe(s.total);
        for (const entry of s.taxByRate) {
          const atRate = s.lines.filter((_, i) => input.lines[i].taxRate === entry.taxRate);
          expect(entry.tax).toBe(sum(atRate.map((l) => l.tax)));
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('no amount is negative, none exceeds its line, and each line\'s tax is its rate rounded once', () => {
    fc.assert(
      fc.property(sale, (input) => {
        const s = priced(input);
        for (const [i, l] of s.lines.entries()) {
          for (const amount of [l.gross, l.discount, l.net, l.tax, l.total]) expect(amount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.gross);
          const base = BigInt(input.pricesIncludeTax ? l.total : l.net);
          const r = BigInt(input.lines[i].taxRate);
          // |tax − exact tax| ≤ ½ minor unit, compared in integers: |2·tax·d − 2·base·r| ≤ d.
          const d = input.pricesIncludeTax ? 10_000n + r : 10_000n;
          const twice = 2n * BigInt(l.tax) * d - 2n * base * r;
          expect(twice <= d && -twice <= d).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test("the discount goes by gross: a line's share is within one unit of its exact proportion", () => {
    fc.assert(
      fc.property(sale, (input) => {
        const s = priced(input);
        if (s.subtotal === 0) return;
        for (const l of s.lines) {
          // |share·subtotal − discount·gross| < subtotal
          const off = BigInt(l.discount) * BigInt(s.subtotal) - BigInt(input.discount) * BigInt(l.gross);
          expect(off < BigInt(s.subtotal) && -off < BigInt(s.subtotal)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('the largest sale the bounds allow stays exact (every amount a safe integer within AMOUNT_MAX)', () => {
    const lines = Array.from({ length: SALE_LINES_MAX }, () => ({ unitPrice: UNIT_PRICE_MAX, quantity: LINE_QUANTITY_MAX, taxRate: TAX_RATE_MAX }));
    for (const pricesIncludeTax of [true, false]) {
      for (const discount of [0, 1, 12_345_678_901, UNIT_PRICE_MAX * LINE_QUANTITY_MAX * SALE_LINES_MAX]) {
        const s = priced({ lines, discount, pricesIncludeTax });
        for (const amount of [s.subtotal, s.discount, s.net, s.tax, s.total]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeLessThanOrEqual(AMOUNT_MAX);
        }
        expect(sum(s.lines.map((l) => l.total))).toBe(s.total);
      }
    }
    expect(AMOUNT_MAX * PAYMENTS_MAX).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    const tax = priced({ lines, pricesIncludeTax: false });
    expect(tax.total).toBe(AMOUNT_MAX);
  });

  test('a discount over the subtotal is refused, with both amounts', () => {
    expect(priceSale({ lines: [{ unitPrice: 500, quantity: 2, taxRate: 0 }], discount: 1001, pricesIncludeTax: true })).toEqual({
      ok: false,
      problem: 'discount-over-subtotal',
      subtotal: 1000,
      discount: 1001,
    });
    expect(priceSale({ lines: [], discount: 1, pricesIncludeTax: true })).toMatchObject({ ok: false, subtotal: 0 });
    expect(priced({ lines: [{ unitPrice: 500, quantity: 2, taxRate: 0 }], discount: 1000, pricesIncludeTax: true }).total).toBe(0);
  });

  test('inputs the schemas refuse are a RangeError (a bug, never a wrong amount)', () => {
    const ok = { unitPrice: 100, quantity: 1, taxRate: 0 };
    for (const bad of [{ unitPrice: -1 }, { unitPrice: 1.5 }, { unitPrice: UNIT_PRICE_MAX + 1 }, { quantity: LINE_QUANTITY_MAX + 1 }, { taxRate: TAX_RATE_MAX + 1 }, { taxRate: Number.NaN }]) {
      expect(() => priceSale({ lines: [{ ...ok, ...bad }], pricesIncludeTax: true })).toThrow(RangeError);
    }
    expect(() => priceSale({ lines: [ok], discount: -1, pricesIncludeTax: true })).toThrow(RangeError);
    expect(() => priceSale({ lines: Array.from({ length: SALE_LINES_MAX + 1 }, () => ok), pricesIncludeTax: true })).toThrow(RangeError);
  });
});

describe('the worked examples of docs/decisions.md#one-rounding-rule', () => {
  // Three lines: a puppy at 19 %, two bags of food at 7 %, a collar at 19 %; 5.00 off the sale.
  const lines = [
    { unitPrice: 19_999, quantity: 1, taxRate: 1900 },
    { unitPrice: 1_249, quantity: 2, taxRate: 700 },
    { unitPrice: 899, quantity: 1, taxRate: 1900 },
  ];

  test('prices include tax', () => {
    const s = priced({ lines, discount: 500, pricesIncludeTax: true });
    expect(s.lines).toEqual([
      { gross: 19_999, discount: 428, net: 16_446, tax: 3_125, total: 19_571 },
      { gross: 2_498, discount: 53, net: 2_285, tax: 160, total: 2_445 },
      { gross: 899, discount: 19, net: 739, tax: 141, total: 880 },
    ]);
    expect(s).toMatchObject({ subtotal: 23_396, discount: 500, net: 19_470, tax: 3_426, total: 22_896 });
    expect(s.taxByRate).toEqual([
      { taxRate: 700, net: 2_285, tax: 160, total: 2_445 },
      { taxRate: 1900, net: 17_185, tax: 3_266, total: 20_451 },
    ]);
    expect(settle(s.total, [{ method: 'cash', amount: 30_000 }])).toEqual({ ok: true, paid: 30_000, change: 7_104 });
  });

  test('prices exclude tax (added at the till)', () => {
    const s = priced({ lines, discount: 500, pricesIncludeTax: false });
    expect(s.lines).toEqual([
      { gross: 19_999, discount: 428, net: 19_571, tax: 3_718, total: 23_289 },
      { gross: 2_498, discount: 53, net: 2_445, tax: 171, total: 2_616 },
      { gross: 899, discount: 19, net: 880, tax: 167, total: 1_047 },
    ]);
    expect(s).toMatchObject({ subtotal: 23_396, discount: 500, net: 22_896, tax: 4_056, total: 26_952 });
  });
});

describe('the rounding and the split', () => {
  test('half away from zero: 0.5 up, below it down', () => {
    expect([divideRounded(5n, 10n), divideRounded(4n, 10n), divideRounded(15n, 10n), divideRounded(25n, 10n), divideRounded(0n, 7n)]).toEqual([1n, 0n, 2n, 3n, 0n]);
  });

  test('largest remainders: the leftover units go to the largest fractions, ties to the earlier line', () => {
    expect(splitByWeight(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(splitByWeight(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    expect(splitByWeight(5n, [1n, 2n, 7n])).toEqual([1n, 1n, 3n]); // 0.5, 1.0, 3.5: of the tied halves, the first gets the unit
    expect(splitByWeight(3n, [0n, 0n])).toEqual([0n, 0n]);
  });

  test('any split adds up exactly and never gives a weight more than itself', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 11n }), { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, fraction) => {
        const whole = weights.reduce((a, b) => a + b, 0n);
        const total = (whole * BigInt(Math.floor(fraction * 1_000_000))) / 1_000_000n;
        const shares = splitByWeight(total, weights);
        expect(shares.reduce((a, b) => a + b, 0n)).toBe(whole === 0n ? 0n : total);
        shares.forEach((share, i) => expect(share >= 0n && share <= weights[i]).toBe(true));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('settle: payments against a total', () => {
  test('cash over the total gives change; exact card payments none', () => {
    expect(settle(2_896, [{ method: 'cash', amount: 5_000 }])).toEqual({ ok: true, paid: 5_000, change: 2_104 });
    expect(settle(2_896, [{ method: 'card', amount: 2_896 }])).toEqual({ ok: true, paid: 2_896, change: 0 });
    expect(settle(2_896, [{ method: 'card', amount: 2_000 }, { method: 'cash', amount: 1_000 }])).toEqual({ ok: true, paid: 3_000, change: 104 });
    expect(settle(0, [])).toEqual({ ok: true, paid: 0, change: 0 });
  });

  test('payments short of the total are refused', () => {
    expect(settle(2_896, [{ method: 'cash', amount: 2_000 }, { method: 'card', amount: 800 }])).toEqual({ ok: false, problem: 'short', paid: 2_800, total: 2_896 });
  });

  test('only cash gives change: card or other beyond the total is refused', () => {
    expect(settle(2_896, [{ method: 'card', amount: 3_000 }])).toEqual({ ok: false, problem: 'change-without-cash', paid: 3_000, total: 2_896, cash: 0 });
    expect(settle(2_896, [{ method: 'other', amount: 2_000 }, { method: 'card', amount: 1_000 }, { method: 'cash', amount: 500 }])).toMatchObject({
      ok: false,
      problem: 'change-without-cash',
    });
  });

  test('whatever the payments, an accepted settlement pays the total exactly and changes only cash', () => {
    const payment = fc.record({ method: fc.constantFrom('cash' as const, 'card' as const, 'other' as const), amount: fc.integer({ min: 0, max: AMOUNT_MAX }) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: AMOUNT_MAX }), fc.array(payment, { maxLength: PAYMENTS_MAX }), (total, payments) => {
        const result = settle(total, payments);
        const paid = sum(payments.map((p) => p.amount));
        const cash = sum(payments.filter((p) => p.method === 'cash').map((p) => p.amount));
        if (!result.ok) {
          expect(paid < total || paid - cash > total).toBe(true);
          return;
        }
        expect(result.paid).toBe(paid);
        expect(result.paid - result.change).toBe(total);
        expect(result.change).toBeGreaterThanOrEqual(0);
        expect(result.change).toBeLessThanOrEqual(cash);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('refundShare: what returned units take back', () => {
  test('returns in any steps add up to the line exactly, none negative', () => {
    fc.assert(
      fc.property(sale, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 30 }), (input, steps) => {
        const s = priced(input);
        s.lines.forEach((l, i) => {
          const sold = { total: l.total, tax: l.tax, quantity: input.lines[i].quantity };
          let returned = 0;
          const refunds = [];
          for (const step of [...steps, sold.quantity]) {
            const units = Math.min(step, sold.quantity - returned);
            refunds.push(refundShare(sold, returned, units));
            returned += units;
          }
          expect(returned).toBe(sold.quantity);
          for (const refund of refunds) {
            for (const amount of [refund.net, refund.tax, refund.total]) expect(amount).toBeGreaterThanOrEqual(0);
            expect(refund.net + refund.tax).toBe(refund.total);
          }
          expect(sum(refunds.map((r) => r.total))).toBe(l.total);
          expect(sum(refunds.map((r) => r.tax))).toBe(l.tax);
        });
      }),
      { numRuns: 500 },
    );
  });

  test('one of three units back: a third, rounded once; never more units than were sold', () => {
    expect(refundShare({ total: 1_000, tax: 160, quantity: 3 }, 0, 1)).toEqual({ net: 280, tax: 53, total: 333 });
    expect(refundShare({ total: 1_000, tax: 160, quantity: 3 }, 1, 2)).toEqual({ net: 560, tax: 107, total: 667 });
    expect(() => refundShare({ total: 1_000, tax: 160, quantity: 3 }, 2, 2)).toThrow(RangeError);
  });
});
