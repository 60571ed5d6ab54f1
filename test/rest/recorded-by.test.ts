/**
 * Who recorded it, over real HTTP (docs/decisions.md#who-recorded-it): a sale, its orders and
 * movements, and a refund name the clerk signed in at the till and the till; with logins off a
 * till's calls name the till alone, and an API token names nobody. Names stay as they were then.
 * Every answer is checked against the served document (clerk and till in Sale, Refund, Order,
 * StockMovement).
 */
import { afterEach, beforeAll, expect, test } from 'vitest';
import { clerksWithLoginsAt, pairTillAt } from '../helpers/clerk-logins';
import { useHttpSuite } from './support/http-suite';

const s = useHttpSuite();
let till: { id: number; secret: string };
let clerks: Awaited<ReturnType<typeof clerksWithLoginsAt>>;

beforeAll(async () => {
  till = await pairTillAt(s.t);
  clerks = await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: false });
});
afterEach(() => s.settings({ clerkLogins: false }));

/** A pet with stock 5 and a price, made with the write API token. */
async function stockedPet(): Promise<number> {
  const pet = await s.pet();
  await s.call('PATCH', `/v1/pets/${pet.id}`, { json: { price: 1000 } });
  await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 5 } });
  return pet.id;
}

/** Sells one unit of the pet with `token`; the sale as answered. */
async function sell(petId: number, token: string) {
  const sale = await s.call('POST', '/v1/sales', { token, json: { lines: [{ petId }], payments: [{ method: 'cash', amount: 1000 }] } });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  return sale.body;
}

const byOf = (record: { clerk: unknown; till: unknown }) => ({ clerk: record.clerk, till: record.till });

test("a clerk signed in at a till: the sale, its order and movement, and a refund name the clerk and the till", async () => {
  const petId = await stockedPet();
  await s.settings({ clerkLogins: true });
  const signedIn = await s.call('POST', '/v1/sessions', { token: till.secret, json: { clerkId: clerks.clerk.id, pin: '2222' } });
  const secret = signedIn.body.secret as string;
  const ben = { clerk: { id: clerks.clerk.id, name: 'Ben' }, till: { id: till.id, name: 'Counter 2' } };

  const sale = await sell(petId, secret);
  expect(byOf(sale)).toEqual(ben);
  expect(byOf((await s.call('GET', `/v1/sales/${sale.id}`, { token: secret })).body)).toEqual(ben);
  expect(byOf((await s.call('GET', `/v1/store/orders/${sale.lines[0].orderId}`, { token: secret })).body)).toEqual(ben);
  const movements = (await s.call('GET', `/v1/store/inventory/${petId}/movements`, { token: secret })).body;
  expect(movements.map(byOf)).toEqual([ben, { clerk: null, till: null }, { clerk: null, till: null }]);

  const refund = await s.call('POST', `/v1/sales/${sale.id}/refunds`, {
    token: secret,
    json: { lines: [{ orderId: sale.lines[0].orderId }], restock: false, payments: [{ method: 'cash', amount: 1000 }] },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  expect(byOf(refund.body)).toEqual(ben);

  // A record keeps the names it was made under: the clerk renamed, the till revoked.
  await s.t.call('clerks.update', { clerkId: clerks.clerk.id, name: 'Benjamin' });
  await s.t.call('tills.revoke', { tillId: till.id });
  expect(byOf((await s.call('GET', `/v1/sales/${sale.id}`)).body)).toEqual(ben);
  till = await pairTillAt(s.t, 'Counter 3');
});

test("logins off: a till's sale names the till alone; an API token's names nobody", async () => {
  const petId = await stockedPet();
  expect(byOf(await sell(petId, till.secret))).toEqual({ clerk: null, till: { id: till.id, name: 'Counter 3' } });
  expect(byOf(await sell(petId, s.t.writeToken))).toEqual({ clerk: null, till: null });
});
