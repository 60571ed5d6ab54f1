import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/temp-store';
import { unique, useHttpSuite } from './support/http-suite';

/**
 * An integrator's client, generated from the served document with openapi-typescript (its
 * defaults, as an integrator runs it) and used through openapi-fetch: the flow below must
 * type-check under `tsc --strict` as written, with no `!` on ids and an order of `{petId}` alone,
 * and then run against the real server (every answer checked against the document).
 */
const s = useHttpSuite();
const require = createRequire(import.meta.url);
const folder = tempDir('petstore-client-');
afterAll(() => folder.cleanup());

/** What an integrator writes: page through pets, add some, order one, fulfil the order, read and set stock, sell one and refund it. */
const FLOW = /* ts */ `
import type { Client } from 'openapi-fetch';
import type { components, paths } from './api';

type Pet = components['schemas']['Pet'];
type Order = components['schemas']['Order'];
type InventoryItem = components['schemas']['InventoryItem'];

/** The cursor in a page's \`Link: <…>; rel="next"\`, when there is a next page. */
function nextCursor(link: string | null): string | undefined {
  const target = link?.match(/<([^>]+)>;\\s*rel="next"/)?.[1];
  return target === undefined ? undefined : (new URL(target, 'http://localhost').searchParams.get('cursor') ?? undefined);
}

export async function integratorFlow(client: Client<paths>, names: { category: string; pet: string }) {
  const { data: category, error: categoryError } = await client.POST('/categories', { body: { name: names.category } });
  if (categoryError) throw new Error(categoryError.message);
  const created: Pet[] = [];
  for (const name of [names.pet + ' 1', names.pet + ' 2', names.pet + ' 3']) {
    const { data, error } = await client.POST('/pets', { body: { name, categoryId: category.id } });
    if (error) throw new Error(error.message);
    created.push(data);
  }

  const listed: Pet[] = [];
  let total = 0;
  let cursor: string | undefined;
  do {
    const { data, error, response } = await client.GET('/pets', {
      params: { query: { status: ['available'], categoryId: category.id, limit: 2, cursor } },
    });
    if (error) throw new Error(error.message);
    listed.push(...data);
    total = Number(response.headers.get('X-Total-Count'));
    cursor = nextCursor(response.headers.get('Link'));
  } while (cursor);

  // One unit of the first pet: the pet alone is an order.
  const { data: order, error: orderError } = await client.POST('/store/orders', { body: { petId: created[0].id } });
  if (orderError) throw new Error(orderError.message);
  const orderId: number = order.id;
  const quantity: number = order.quantity;

  const dated = await client.PATCH('/store/orders/{orderId}', { params: { path: { orderId } }, body: { shipDate: '2026-11-22T10:00:00+01:00' } });
  const cleared = await client.PATCH('/store/orders/{orderId}', { params: { path: { orderId } }, body: { shipDate: null } });
  const { data: fulfilled, error: fulfilError } = await client.PATCH('/store/orders/{orderId}', {
    params: { path: { orderId } },
    body: { complete: true },
  });
  if (fulfilError) throw new Error(fulfilError.message);
  const complete: boolean = fulfilled.complete;

  const petId: number = created[0].id;
  const { data: sold, error: soldError } = await client.GET('/store/inventory/{petId}', { params: { path: { petId } } });
  if (soldError) throw new Error(soldError.message);
  const { data: restocked, error: restockError } = await client.PUT('/store/inventory/{petId}', {
    params: { path: { petId } },
    body: { quantity: 5 },
  });
  if (restockError) throw new Error(restockError.message);
  const stock: number = restocked.quantity;

  // A sale of the second pet at a price of the till's, paid in cash, and one unit of it refunded.
  const { data: sale, error: saleError } = await client.POST('/sales', {
    body: { lines: [{ petId: created[1].id, unitPrice: 1999 }], payments: [{ method: 'cash', amount: 2000 }] },
  });
  if (saleError) throw new Error(saleError.message);
  const receipt: number = sale.number;
  const change: number = sale.change;
  const saleId: number = sale.id;
  const { data: refund, error: refundError } = await client.POST('/sales/{saleId}/refunds', {
    params: { path: { saleId } },
    body: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: sale.total }] },
  });
  if (refundError) throw new Error(refundError.message);
  const refunded: number = refund.amount;

  return { created, listed, total, orderId, quantity, dated: dated.data?.shipDate, cleared: cleared.data, complete, sold, stock, restocked, receipt, change, refunded };
}

/** Never called: what the generated types refuse. tsc reports a directive below that refuses nothing. */
export async function refused(client: Client<paths>, order: Order, item: InventoryItem) {
  // @ts-expect-error an order names its pet
  await client.POST('/store/orders', { body: { quantity: 2 } });
  // @ts-expect-error a quantity is a number of units
  await client.POST('/store/orders', { body: { petId: 1, quantity: 'two' } });
  // @ts-expect-error a ship date is a date-time, or null to clear it
  await client.PATCH('/store/orders/{orderId}', { params: { path: { orderId: order.id } }, body: { shipDate: 0 } });
  // @ts-expect-error an order may have no ship date
  const shipDate: string = order.shipDate;
  // @ts-expect-error stock is a count
  const stock: string = item.quantity;
  // @ts-expect-error a payment is by cash, card or other
  await client.POST('/sales', { body: { lines: [{ petId: 1 }], payments: [{ method: 'cheque', amount: 1 }] } });
  return { shipDate, stock };
}
`;

let typeCheck: { code: number; output: string };
beforeAll(async () => {
  const doc = (await (await s.t.request('/openapi.json', { token: null })).json()) as OpenAPI3;
  writeFileSync(join(folder.dir, 'api.ts'), astToString(await openapiTS(doc, { silent: true })));
  writeFileSync(join(folder.dir, 'flow.ts'), FLOW);
  // The project's own openapi-fetch types; nothing else (no Node types: a client may run in a page).
  writeFileSync(
    join(folder.dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['ES2022', 'DOM'],
        types: [],
        paths: { 'openapi-fetch': [join(dirname(require.resolve('openapi-fetch/package.json')), 'dist/index.d.mts')] },
      },
      files: ['api.ts', 'flow.ts'],
    }),
  );
  const tsc = require.resolve('typescript/bin/tsc');
  typeCheck = await promisify(execFile)(process.execPath, [tsc, '-p', folder.dir, '--strict', '--noEmit'], { encoding: 'utf8' }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
  );
  // Generating took 4 s and tsc 11 s on a busy 2-core machine (5 s of CPU): room for a slower turn.
}, 120_000);

describe('a client generated with openapi-typescript (openapi-fetch)', () => {
  test("type-checks the integrator's flow under --strict, and refuses what the document refuses", () => {
    expect(typeCheck.output).toBe('');
    expect(typeCheck.code).toBe(0);
  });

  test('the flow runs against the server: pages, an order of one unit, a date set and cleared, a fulfilment, stock, a sale and its refund', async () => {
    const client = createClient({
      baseUrl: `${s.t.origin}/v1`,
      headers: { authorization: `Bearer ${s.t.writeToken}` },
      // Every answer goes through the suite's check against the served document.
      fetch: async (request: Request) => {
        const response = await fetch(request);
        await s.api.check(request.method, request.url, response.clone());
        return response;
      },
    });
    const { integratorFlow } = (await import(pathToFileURL(join(folder.dir, 'flow.ts')).href)) as { integratorFlow: (...args: unknown[]) => Promise<any> };
    const result = await integratorFlow(client, { category: unique('Client category'), pet: unique('Client pet') });

    expect(result.listed.map((pet: { id: number }) => pet.id)).toEqual(result.created.map((pet: { id: number }) => pet.id));
    expect(result.total).toBe(3);
    expect(result.quantity).toBe(1);
    expect(result.dated).toBe('2026-11-22T09:00:00.000Z');
    expect(result.cleared).toMatchObject({ id: result.orderId, complete: false });
    expect(result.cleared).not.toHaveProperty('shipDate');
    expect(result.complete).toBe(true);
    expect(result.sold).toEqual({ petId: result.created[0].id, quantity: 0, status: 'sold' });
    expect(result.restocked).toEqual({ petId: result.created[0].id, quantity: 5, status: 'available' });
    expect(result).toMatchObject({ receipt: 1, change: 1, refunded: 1999 });
  });
});
