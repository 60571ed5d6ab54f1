/**
 * Forty three-line sales at once competing for the same stock, over HTTP, on either engine: the
 * stock, the sales sent, and the check that none was oversold and each is whole or not at all.
 */
import { expect } from 'vitest';
import type { Sale } from '../../../src-shared/schemas/sale';
import type { EngineStore } from '../../helpers/engine-stores';

export const SALES = 40;
/** Three pets, each short for some of the sales: a sale can fail on any of its lines. */
const STOCK = [30, 25, 20];
/** Sale i's quantities, line by line: 1 or 2, varying so that different lines run out first. */
const quantitiesOf = (i: number) => [1 + (i % 2), 1 + (Math.floor(i / 2) % 2), 1 + (Math.floor(i / 4) % 2)];

export interface SaleAnswer {
  i: number;
  status: number;
  body: any;
}

/** Three priced pets with STOCK units each; returns their ids. */
export async function stockUp(t: EngineStore): Promise<number[]> {
  const category = await t.ok('categories.create', { name: 'Fish', taxRate: 700 });
  const petIds: number[] = [];
  for (const [i, quantity] of STOCK.entries()) {
    const pet = await t.ok('pets.create', { name: `Tank ${i + 1}`, categoryId: category.id, price: 1000 + i });
    await t.ok('inventory.set', { petId: pet.id, update: { quantity } });
    petIds.push(pet.id);
  }
  return petIds;
}

/** Sends sale `i` (three lines, paid generously in cash) to the API at `url`. */
export async function sell(url: string, token: string, petIds: number[], i: number): Promise<SaleAnswer> {
  const lines = petIds.map((petId, line) => ({ petId, quantity: quantitiesOf(i)[line] }));
  const response = await fetch(`${url}/sales`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lines, payments: [{ method: 'cash', amount: 100_000 }] }),
  });
  return { i, status: response.status, body: await response.json() };
}

/** What the answers say and what the store holds agree: none oversold, each sale whole, receipt numbers 1..n. */
export async function expectWholeSales(t: EngineStore, petIds: number[], answers: SaleAnswer[]): Promise<void> {
  expect(answers).toHaveLength(SALES);
  const made = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status !== 201);
  // Every refusal is a line whose pet ran short, named: short, or sold out (its last unit handed over,
  // no order open: states.md T14); nobody was told to retry or hit a fault.
  for (const { body, status } of refused) {
    expect(status, JSON.stringify(body)).toBe(409);
    expect(`${body.code} ${body.details[0].path}`).toMatch(/^(INSUFFICIENT_STOCK lines\.[0-2]\.quantity|PET_NOT_AVAILABLE lines\.[0-2]\.petId)$/);
  }
  expect(made.length, 'some sales were made').toBeGreaterThan(0);
  expect(refused.length, 'the stock ran out for some').toBeGreaterThan(0);
  expect(made.map(({ body }) => body.number as number).sort((a, b) => a - b)).toEqual(made.map((_, n) => n + 1));

  for (const [line, petId] of petIds.entries()) {
    // Taken exactly by the sales made: what they sold of this pet, no more, no less.
    const sold = made.reduce((sum, { i }) => sum + quantitiesOf(i)[line]!, 0);
    const stock = (await t.ok('inventory.get', { petId })).quantity;
    expect(stock, `pet ${petId}`).toBe(STOCK[line]! - sold);
    expect(stock).toBeGreaterThanOrEqual(0);
    const movements = (await t.ok('inventory.movements', { petId, limit: 500 })).items;
    expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(stock);
    expect(movements.filter((movement) => movement.saleId !== undefined)).toHaveLength(made.length);
  }
  // Each sale made has its three orders; no order of a refused sale exists.
  const sales = await t.ok('sales.list', { limit: 500 });
  expect(sales.total).toBe(made.length);
  for (const sale of sales.items as Sale[]) {
    expect(sale.lines).toHaveLength(3);
    for (const line of sale.lines) expect(await t.ok('orders.get', { orderId: line.orderId })).toMatchObject({ saleId: sale.id, status: 'complete' });
  }
  const orders = await t.ok('orders.list', { status: ['open', 'complete', 'cancelled'], limit: 1 });
  expect(orders.total).toBe(3 * made.length);
  const events = await t.ok('events.list', { limit: 1000 });
  expect(events.filter((event) => event.type === 'sale.created')).toHaveLength(made.length);
}
