/**
 * Making a sale: every line an order placed as `orders.place` places one, priced by
 * src-shared/money.ts, paid, numbered; all in the caller's one write transaction, so a refusal
 * anywhere leaves nothing (no order, no stock taken, no receipt number).
 */
import { StoreError } from '../../src-shared/errors';
import { priceSale, settle, type LineInput } from '../../src-shared/money';
import type { ParsedInput } from '../../src-shared/contract';
import type { Sale } from '../../src-shared/schemas/sale';
import type { PetRow } from '../db/repositories/pets';
import type { NewSaleRow, SaleLineRow } from '../db/repositories/sales';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { orderedPet, placeOrder } from './order-changes';
import { saleModel } from './sales-model';

/** Where a line sits in the input: the path of its fields and how a message names it (people count from 1). */
const lineAt = (index: number) => ({ path: `lines.${index}.`, label: `line ${index + 1} of the sale` });

/** A line ready to place: its pet as read now, and what it is sold at. */
interface PricedLineInput extends LineInput {
  pet: PetRow;
  categoryName: string;
}

export function* createSale(ctx: HandlerContext, input: ParsedInput<'sales.create'>): Step<Sale> {
  const { customerId, discount = 0, payments, handover, note } = input;
  if (customerId !== undefined) {
    const customer = yield* ctx.customers.find(customerId);
    // A forgotten customer keeps their old sales, and buys nothing new under that record.
    if (!customer || customer.forgottenAt !== null) {
      const message = customer ? `Customer ${customerId} has been forgotten` : `Customer ${customerId} does not exist`;
      throw new StoreError('REFERENCE_NOT_FOUND', message, [{ path: 'customerId', message }]);
    }
  }

  const defaultTaxRate = yield* ctx.setting('defaultTaxRate');
  const lines: PricedLineInput[] = [];
  for (const [index, line] of input.lines.entries()) lines.push(yield* lineInput(ctx, line, index, defaultTaxRate));
  const pricesIncludeTax = yield* ctx.setting('pricesIncludeTax');
  const priced = priceSale({ lines, discount, pricesIncludeTax });
  if (!priced.ok) {
    const message = `The discount (${priced.discount}) is more than the subtotal (${priced.subtotal})`;
    throw new StoreError('DISCOUNT_TOO_LARGE', message, [{ path: 'discount', message }]);
  }
  const { sale } = priced;
  const settled = settle(sale.total, payments);
  if (!settled.ok) {
    const message =
      settled.problem === 'short'
        ? `The payments (${settled.paid}) do not cover the total (${settled.total})`
        : `Card and other payments (${settled.paid - settled.cash}) are more than the total (${settled.total}): only cash gives change`;
    throw new StoreError(settled.problem === 'short' ? 'PAYMENT_SHORT' : 'CHANGE_WITHOUT_CASH', message, [{ path: 'payments', message }]);
  }

  const createdAt = new Date().toISOString();
  const now = handover === 'now';
  const shipDate = input.shipDate ? new Date(input.shipDate).toISOString() : null;
  const row: NewSaleRow = {
    number: yield* ctx.sales.nextNumber(),
    createdAt,
    status: now ? 'completed' : 'open',
    handover,
    shipDate,
    note: note || null,
    customerId: customerId ?? null,
    currency: yield* ctx.setting('currency'),
    pricesIncludeTax: pricesIncludeTax ? 1 : 0,
    subtotal: sale.subtotal,
    discount: sale.discount,
    net: sale.net,
    tax: sale.tax,
    total: sale.total,
    paid: settled.paid,
    change: settled.change,
    completedAt: now ? createdAt : null,
  };
  const saleId = yield* ctx.sales.insert(row);
  // Each line an order, in input order: one short line refuses the whole sale.
  const orderIds: number[] = [];
  for (const [index, line] of lines.entries()) {
    const request = { petId: line.pet.id, quantity: line.quantity, shipDate, line: { saleId, unitPrice: line.unitPrice }, handedOver: now, at: lineAt(index) };
    orderIds.push((yield* placeOrder(ctx, request, line.pet)).id);
  }
  const lineRows: SaleLineRow[] = [];
  for (const [index, orderId] of orderIds.entries()) {
    const { pet, categoryName, unitPrice, quantity, taxRate } = lines[index];
    const lineRow = { saleId, line: index, orderId, petId: pet.id, petName: pet.name, categoryId: pet.categoryId, categoryName, quantity, unitPrice, taxRate, ...sale.lines[index] };
    yield* ctx.sales.insertLine(lineRow);
    lineRows.push({ ...lineRow, returned: 0 });
  }
  for (const [position, payment] of payments.entries()) yield* ctx.sales.insertPayment(saleId, position, payment);
  // The sale as written, its row read back for who made it (the repository's recorder wrote them).
  const created = saleModel((yield* ctx.sales.find(saleId))!, lineRows, payments);
  yield* ctx.events.append('sale.created', created);
  return created;
}

/** A line's pet (it must exist), its price (given, else the pet's) and tax rate (the category's, else the shop's). */
function* lineInput(ctx: HandlerContext, line: ParsedInput<'sales.create'>['lines'][number], index: number, defaultTaxRate: number): Step<PricedLineInput> {
  const at = lineAt(index);
  const pet = yield* orderedPet(ctx, line.petId, at);
  const unitPrice = line.unitPrice ?? pet.price;
  if (unitPrice === undefined) {
    const message = `${pet.name} (pet ${pet.id}) has no price: give the line a unitPrice (${at.label})`;
    throw new StoreError('PRICE_REQUIRED', message, [{ path: `${at.path}unitPrice`, message: `${pet.name} (pet ${pet.id}) has no price` }]);
  }
  const category = (yield* ctx.categories.find(pet.categoryId))!;
  return { pet, categoryName: category.name, unitPrice, quantity: line.quantity, taxRate: category.taxRate ?? defaultTaxRate };
}
