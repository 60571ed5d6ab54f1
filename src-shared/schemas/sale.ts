import { z } from '../zod-setup';
import { AMOUNT_MAX, LINE_QUANTITY_MAX, PAYMENTS_MAX, SALE_LINES_MAX } from '../money';
import { FIRST_SHOP_DATE, LAST_SHOP_DATE, isShopDate } from '../shop-days';
import { DESCRIPTION_MAX, DateTime, Description, Id, NAME_MAX, PageQuery, pageItems } from './common';
import { RecordedBy } from './clerk';
import { Amount, TaxRate, UnitPrice } from './money';

/**
 * A sale (a basket: several lines, each an Order), its payments, and its refunds. Amounts are whole
 * minor units of the shop's currency, priced once by src-shared/money.ts and stored as priced
 * (docs/decisions.md#one-rounding-rule); nothing here computes one.
 */

export const PAYMENT_METHODS = ['cash', 'card', 'other'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS).meta({
  id: 'PaymentMethod',
  description: '`cash` (the only method that gives change), `card`, or `other` (a voucher, a bank transfer).',
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** One payment taken (or, in a refund, paid back). */
export const Payment = z
  .strictObject({
    method: PaymentMethod,
    amount: z.int().min(1).max(AMOUNT_MAX).describe("The amount, in minor units of the shop's currency (cents for EUR); at least 1."),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof Payment>;

/** Payments in a request: at most 20, adding up to at most AMOUNT_MAX (so `paid` and `change` stay amounts). */
const Payments = z
  .array(Payment)
  .max(PAYMENTS_MAX)
  .refine((payments) => payments.reduce((sum, payment) => sum + payment.amount, 0) <= AMOUNT_MAX, {
    message: `The payments must add up to at most ${AMOUNT_MAX.toLocaleString('en-US')}`,
    when: (payload) => payload.issues.length === 0,
  });

export const HANDOVERS = ['now', 'later'] as const;
export const Handover = z.enum(HANDOVERS).meta({
  id: 'Handover',
  description: '`now`: the pets leave with the customer (their orders complete with the sale); `later`: the orders stay open until fulfilled.',
});
export type Handover = z.infer<typeof Handover>;

/** One line of a new sale: a pet, how many, and optionally a price other than the pet's. */
export const NewSaleLine = z
  .strictObject({
    petId: Id.describe('Id of the pet sold.'),
    quantity: z.int().min(1).max(LINE_QUANTITY_MAX).default(1).describe(`Units, 1–${LINE_QUANTITY_MAX} (default 1).`),
    unitPrice: UnitPrice.optional().describe("The price of one unit, overriding the pet's own `price`; required when the pet has none."),
  })
  .meta({ id: 'NewSaleLine' });

/** Issues at `path` for every item of `items` whose key an earlier item has already. */
function refuseRepeats<T>(items: readonly T[], key: (item: T) => number, path: (index: number) => (string | number)[], message: (first: number) => string, ctx: z.RefinementCtx) {
  const first = new Map<number, number>();
  items.forEach((item, index) => {
    const seen = first.get(key(item));
    if (seen === undefined) first.set(key(item), index);
    else ctx.addIssue({ code: 'custom', path: path(index), message: message(seen) });
  });
}

/** Payload of `POST /sales`. */
export const NewSale = z
  .strictObject({
    lines: z
      .array(NewSaleLine)
      .min(1, 'A sale needs at least one line')
      .max(SALE_LINES_MAX)
      .describe(`The pets sold, 1–${SALE_LINES_MAX} lines, one per pet; each becomes an Order of the sale.`),
    customerId: Id.optional().describe('The customer buying, if known (a current customer, not a forgotten one).'),
    discount: Amount.optional().describe("An amount off the whole sale (minor units), at most its subtotal; split over the lines by their gross."),
    payments: Payments.default([]).describe(
      `How the customer paid, at most ${PAYMENTS_MAX}: together at least the total; only cash may pay more (the change). None for a sale that comes to 0.`,
    ),
    handover: Handover.default('now'),
    shipDate: DateTime.optional().describe('When the pets will be handed over or shipped (ISO 8601), for `handover: later` only.'),
    note: Description.optional().describe(`A note on the sale, at most ${DESCRIPTION_MAX} characters.`),
  })
  .superRefine((sale, ctx) => {
    // One line per pet: the receipt, the refunds and the orders then name each pet once.
    refuseRepeats(sale.lines, (line) => line.petId, (index) => ['lines', index, 'petId'], (first) => `This pet is on line ${first + 1} already: give one line with the whole quantity`, ctx);
    if (sale.shipDate !== undefined && sale.handover === 'now') {
      ctx.addIssue({ code: 'custom', path: ['shipDate'], message: 'A ship date goes with `handover: later`; a sale handed over now has none' });
    }
  })
  .meta({ id: 'NewSale' });
export type NewSale = z.input<typeof NewSale>;

export const SALE_STATUSES = ['open', 'completed', 'cancelled'] as const;
export const SaleStatus = z.enum(SALE_STATUSES).meta({
  id: 'SaleStatus',
  description:
    '`open`: some of its orders are still to be handed over (`handover: later`); `completed`: every order fulfilled; `cancelled`: its orders cancelled and its payments given back (final).',
});
export type SaleStatus = z.infer<typeof SaleStatus>;

/**
 * Who made a sale or refund, optional only for the change log: events logged before clerks were
 * recorded lack it. Every sale and refund the store answers has both (null: not known then).
 */
export const recordedByInLog = (what: string) => ({
  clerk: RecordedBy.clerk.optional().describe(`The clerk signed in when the ${what} was made; null with logins off. Every ${what} the store answers has it.`),
  till: RecordedBy.till.optional().describe(`The paired till it was made at; null: the shop server's own desk or an API token. Every ${what} the store answers has it.`),
});

/** A line as sold: what it was (snapshots taken at the sale) and what it came to. */
export const SaleLine = z
  .object({
    orderId: Id.describe('The Order this line is.'),
    petId: Id,
    petName: z.string().max(NAME_MAX).describe("The pet's name when sold."),
    categoryId: Id.describe("The pet's category when sold."),
    categoryName: z.string().max(NAME_MAX).describe("The category's name when sold."),
    quantity: z.int().min(1).max(LINE_QUANTITY_MAX),
    unitPrice: UnitPrice.describe('The price of one unit as sold.'),
    taxRate: TaxRate.describe("The tax rate applied (basis points): the category's, else the shop's default, when sold."),
    gross: Amount.describe('unitPrice × quantity.'),
    discount: Amount.describe("This line's share of the sale's discount."),
    net: Amount.describe('What the line comes to without tax, after its discount.'),
    tax: Amount,
    total: Amount.describe('What the customer pays for the line: net + tax.'),
    returned: z.int().min(0).max(LINE_QUANTITY_MAX).describe('Units refunded so far (a cancelled sale: all of them).'),
  })
  .meta({ id: 'SaleLine' });
export type SaleLine = z.infer<typeof SaleLine>;

/** The lines at one tax rate, summed: a receipt's tax table. */
export const TaxTotals = z
  .object({ taxRate: TaxRate, net: Amount, tax: Amount, total: Amount })
  .meta({ id: 'TaxTotals' });

export const Sale = z
  .object({
    id: Id,
    number: Id.describe('The receipt number: 1, 2, 3, … without gaps, in the order sales were made.'),
    createdAt: DateTime.describe('When the sale was made, ISO 8601 (UTC).'),
    status: SaleStatus,
    handover: Handover,
    shipDate: DateTime.optional(),
    note: z.string().max(DESCRIPTION_MAX).optional(),
    customerId: Id.optional().describe('The customer, if one was named (a forgotten customer stays named by id).'),
    currency: z.string().length(3).describe('The currency of every amount of the sale (ISO 4217), the shop\'s when sold.'),
    pricesIncludeTax: z.boolean().describe('Whether the unit prices included tax when sold.'),
    lines: z.array(SaleLine).min(1).max(SALE_LINES_MAX),
    subtotal: Amount.describe("The lines' gross, summed."),
    discount: Amount,
    net: Amount,
    tax: Amount,
    total: Amount.describe("What the customer owes: the lines' totals, summed."),
    taxes: z.array(TaxTotals).max(SALE_LINES_MAX).describe('The lines at each tax rate, lowest rate first.'),
    payments: z.array(Payment).max(PAYMENTS_MAX),
    paid: Amount.describe('The payments, summed.'),
    change: Amount.describe('Cash handed back: paid − total.'),
    refunded: Amount.describe('Paid back so far by refunds (a cancelled sale: paid − change); never more than paid − change.'),
    completedAt: DateTime.optional().describe('When the last order was fulfilled (with the sale, for `handover: now`).'),
    cancelledAt: DateTime.optional(),
    ...recordedByInLog('sale'),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof Sale>;

/** A page of sales. */
export const Sales = pageItems(Sale).meta({ id: 'Sales' });

/**
 * A bound of a list by time: an ISO 8601 date-time with an offset, or a calendar date, which is a
 * whole day in the shop's time zone (docs/decisions.md#a-date-in-a-filter-is-a-whole-day-of-the-shop).
 */
export const DayOrInstant = z
  .string()
  .max(40)
  .refine((text) => isShopDate(text) || DateTime.safeParse(text).success, {
    message: `Must be a date (YYYY-MM-DD from ${FIRST_SHOP_DATE} to ${LAST_SHOP_DATE}: a day in the shop's time zone) or an ISO 8601 date-time with an offset`,
  })
  .meta({ example: '2026-11-28' });

export const SaleListQuery = z.strictObject({
  from: DayOrInstant.optional().describe("Only sales made at or after this instant, or on or after this day (the shop's time zone)."),
  to: DayOrInstant.optional().describe("Only sales made before this instant, or on or before this day (the whole day, in the shop's time zone)."),
  customerId: Id.optional().describe('Only the sales of this customer.'),
  status: z
    .array(SaleStatus)
    .min(1, 'Give at least one status, or leave the filter out')
    .max(SALE_STATUSES.length)
    .optional()
    .describe('Only sales with one of these statuses (repeatable). Without it, every status.'),
  number: Id.optional().describe('Only the sale with this receipt number.'),
  ...PageQuery,
});
export type SaleListQuery = z.input<typeof SaleListQuery>;

// ── Refunds ──────────────────────────────────────────────────────────────────────────────

/** Units of one line of the sale coming back (or paid back without coming back). */
export const NewRefundLine = z
  .strictObject({
    orderId: Id.describe("The line's order (`lines[].orderId` of the sale)."),
    quantity: z.int().min(1).max(LINE_QUANTITY_MAX).default(1).describe('Units refunded (default 1): at most those sold less those refunded before.'),
  })
  .meta({ id: 'NewRefundLine' });

/** Payload of `POST /sales/{saleId}/refunds`. */
export const NewRefund = z
  .strictObject({
    lines: z.array(NewRefundLine).min(1, 'A refund needs at least one line').max(SALE_LINES_MAX).describe('The lines refunded, one entry per order.'),
    restock: z.boolean().describe('`true`: the animals came back and return to stock; `false`: money only (the animal stays with the customer, or is gone).'),
    payments: Payments.default([]).describe("How the money goes back: together exactly the refund's `amount`."),
    reason: Description.optional().describe(`Why, at most ${DESCRIPTION_MAX} characters.`),
  })
  .superRefine((refund, ctx) => {
    refuseRepeats(refund.lines, (line) => line.orderId, (index) => ['lines', index, 'orderId'], (first) => `This order is in entry ${first + 1} already: give one entry with the whole quantity`, ctx);
  })
  .meta({ id: 'NewRefund' });
export type NewRefund = z.input<typeof NewRefund>;

export const REFUND_KINDS = ['refund', 'cancel'] as const;

/** A refunded line: what the units given back were worth, by src-shared/money.ts's `refundShare`. */
export const RefundLine = z
  .object({
    orderId: Id,
    petId: Id,
    petName: z.string().max(NAME_MAX),
    quantity: z.int().min(1).max(LINE_QUANTITY_MAX),
    taxRate: TaxRate,
    net: Amount,
    tax: Amount,
    total: Amount.describe('What these units are worth: net + tax.'),
  })
  .meta({ id: 'RefundLine' });

export const Refund = z
  .object({
    id: Id,
    saleId: Id,
    saleNumber: Id.describe("The sale's receipt number."),
    createdAt: DateTime,
    kind: z.enum(REFUND_KINDS).describe('`refund`: made with POST …/refunds; `cancel`: written by the sale\'s cancel (everything paid back).'),
    restock: z.boolean().describe('Whether the units came back into stock.'),
    reason: z.string().max(DESCRIPTION_MAX).optional(),
    lines: z.array(RefundLine).min(1).max(SALE_LINES_MAX),
    payments: z.array(Payment).max(PAYMENTS_MAX),
    net: Amount,
    tax: Amount,
    amount: Amount.describe("What is paid back: the lines' totals, summed; the payments add up to it."),
    ...recordedByInLog('refund'),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof Refund>;

export const Refunds = pageItems(Refund).meta({ id: 'Refunds' });

export const RefundListQuery = z.strictObject({
  saleId: Id.describe('Id of the sale.'),
  ...PageQuery,
});
export type RefundListQuery = z.input<typeof RefundListQuery>;
