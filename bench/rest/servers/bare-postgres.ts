/**
 * (p) The practical limit on PostgreSQL: bare node:http + pg running the store's own PostgreSQL
 * repositories (their SQL, imported, never copied) on a pool as `openPostgresPool` opens it, 10
 * connections. No framework, no auth, no input validation, no rate limit, no change feed, no
 * service: only the queries and the JSON a correct answer needs.
 *
 *   node --import tsx bench/rest/servers/bare-postgres.ts --port N --db postgres://…
 *
 * GET  /v1/pets?id=N                      petsRepository.list with an id filter (one match: no count)
 * GET  /v1/pets?status=S[&categoryId=C]&limit=L   the page with its next-page Link, and the count,
 *                                         kept by the repository until this server writes
 * POST /v1/store/orders {petId, quantity}  orders.place as run-step.ts runs a write: SERIALIZABLE,
 *                                         the events under EVENTS_LOCK with pg_notify, its COMMIT_WRITE,
 *                                         retried on 40001/40P01
 */
import { createServer, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { effectiveLowStockThreshold, isLowStock, orderRefusal } from '../../../src-shared/thresholds';
import { DEFAULT_SETTINGS } from '../../../src-shared/schemas/settings';
import type { PetStatus } from '../../../src-shared/schemas/pet';
import { openPostgresPool } from '../../../src-main/db/postgres/pool';
import { postgresRepositories } from '../../../src-main/db/postgres/repositories/index';
import { EVENTS_CHANNEL, EVENTS_LOCK, LOCK_WAIT_MS, RETRY_LOCK, WRITE_ATTEMPTS } from '../../../src-main/db/postgres/run-step';
import { WATCHED_CHANNEL, WATCHED_FLAG } from '../../../src-main/db/postgres/migrations/watched-tables';
import type { EventInstruction, Step } from '../../../src-main/db/step';
import { statusAfterOrderPlaced } from '../../../src-main/service/stock-rules';
import { orderModel } from '../../../src-main/service/to-model';

const { values } = parseArgs({ options: { port: { type: 'string' }, db: { type: 'string' } } });

const POOL_SIZE = 10;
const pool = openPostgresPool(values.db!, { max: POOL_SIZE });
/** This server's committed writes: the repositories keep list totals until it moves (page-totals.ts). */
let writes = 0;
// Nobody calls: the columns of a call made with the API token (service/actor.ts, actorColumns()).
const repos = postgresRepositories(() => ({ clerkId: null, clerkName: null, tillId: null, tillName: null }), () => writes);

/**
 * Runs a repository's step: each query it yields goes to `on` (a transaction's client, or the pool),
 * an event it yields is collected for the commit. Nothing else is asked of a bare server.
 */
async function drive<T>(on: pg.Pool | pg.PoolClient, step: Step<T>, events?: EventInstruction[]): Promise<T> {
  let answer: unknown;
  for (;;) {
    const next = step.next(answer);
    if (next.done) return next.value;
    const instruction = next.value;
    if (instruction.kind === 'event' && events) {
      events.push(instruction);
      answer = undefined;
    } else if (instruction.kind === 'query') {
      const result = await on.query(instruction.text, instruction.values as unknown[]);
      answer = { rows: result.rows, rowCount: result.rowCount ?? 0 };
    } else {
      throw new Error(`The bare server runs queries and events only, not a ${instruction.kind}`);
    }
  }
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/** PostgreSQL's "run the transaction again": serialization failure and deadlock (run-step.ts's RETRY_CODES). */
const RETRY_CODES = new Set(['40001', '40P01']);
/** run-step.ts's BEGIN_WRITE (not exported there): a write waits LOCK_WAIT_MS for another's lock at most. */
const BEGIN_WRITE = `BEGIN ISOLATION LEVEL SERIALIZABLE; SET LOCAL lock_timeout = ${LOCK_WAIT_MS}`;
/** run-step.ts's COMMIT_WRITE (not exported there): the watched-table flag read and the write announced in COMMIT's round trip. */
const COMMIT_WRITE = `SELECT current_setting('${WATCHED_FLAG}', true) AS changed, pg_notify('${WATCHED_CHANNEL}', ''); COMMIT`;

/** The orders.place transaction, the queries of order-changes.ts placeOrder and standing.ts applyStanding. */
async function placeOrderOnce(client: pg.PoolClient, petId: number, quantity: number) {
  const events: EventInstruction[] = [];
  const run = <T>(step: Step<T>) => drive(client, step, events);
  const pet = await run(repos.pets.find(petId));
  if (!pet) throw new Refusal(422, 'REFERENCE_NOT_FOUND');
  const stock = await run(repos.inventory.quantity(petId));
  const refusal = orderRefusal(pet.status, stock, quantity);
  if (refusal) throw new Refusal(409, refusal === 'short' ? 'INSUFFICIENT_STOCK' : 'PET_NOT_AVAILABLE');
  const left = stock - quantity;
  const status: PetStatus = statusAfterOrderPlaced(pet.status, left);
  const row = await run(repos.orders.insert(petId, pet.name, quantity, null, undefined, 'open'));
  const order = orderModel(row);
  await run(repos.events.append('order.placed', order));
  if (status !== pet.status) {
    await run(repos.pets.setStatus(petId, status));
    await run(repos.events.append('pet.updated', { ...pet, status }));
  }
  await run(repos.inventory.set(petId, left, { reason: 'order', orderId: order.id }));
  const item = { petId, quantity: left, status };
  await run(repos.events.append('inventory.updated', item));
  const category = await run(repos.categories.find(pet.categoryId));
  const shop = (await run(repos.settings.get('lowStockThreshold', DEFAULT_SETTINGS.lowStockThreshold))) as number;
  const thresholds = { shop, category: category?.lowStockThreshold };
  if (!isLowStock(stock, thresholds, pet.status) && isLowStock(left, thresholds, status)) {
    await run(repos.events.append('inventory.low', { ...item, threshold: effectiveLowStockThreshold(thresholds) }));
  }
  // run-step.ts writeEvents (private there, so copied): numbered under one lock until COMMIT, then NOTIFY.
  await client.query('SELECT pg_advisory_xact_lock($1)', [EVENTS_LOCK]);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO events (type, at, data) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) RETURNING id`,
    [events.map((event) => event.type), events.map((event) => event.at), events.map((event) => event.data)],
  );
  await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, String(Math.max(...rows.map((event) => event.id)))]);
  return order;
}

/** As run-step.ts runs a write: SERIALIZABLE, a lost one again after a short random pause, queued behind RETRY_LOCK. */
async function placeOrder(petId: number, quantity: number) {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    const queued = attempt > 1;
    try {
      if (queued) await client.query('SELECT pg_advisory_lock($1)', [RETRY_LOCK]);
      await client.query(BEGIN_WRITE);
      const order = await placeOrderOnce(client, petId, quantity);
      await client.query(COMMIT_WRITE);
      writes++; // this server wrote: its totals are counted again
      return order;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      const retry = RETRY_CODES.has((error as { code?: string }).code ?? '') && attempt < WRITE_ATTEMPTS;
      if (!retry) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)));
    } finally {
      if (queued && !broken) await client.query('SELECT pg_advisory_unlock($1)', [RETRY_LOCK]).catch((error: Error) => (broken = error));
      client.release(broken);
    }
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

const failed = (response: ServerResponse) => (error: unknown) => {
  if (error instanceof Refusal) return sendJson(response, error.status, { code: error.code, message: error.code, status: error.status });
  console.error(error);
  sendJson(response, 500, { code: 'INTERNAL', message: 'Internal error', status: 500 });
};

async function listPets(url: URL, response: ServerResponse) {
  const query = url.searchParams;
  const id = query.get('id');
  const status = query.get('status');
  const categoryId = query.get('categoryId');
  if (id === null && status === null) {
    return sendJson(response, 400, { code: 'VALIDATION_FAILED', message: 'this bench server knows id or status', status: 400 });
  }
  const page = await drive(
    pool,
    repos.pets.list({
      sort: 'id',
      limit: Number(query.get('limit') ?? 50),
      ...(id !== null && { id: [Number(id)] }),
      ...(status !== null && { status: [status as PetStatus] }),
      ...(categoryId !== null && { categoryId: Number(categoryId) }),
    }),
  );
  const headers: Record<string, string | number> = { 'X-Total-Count': page.total };
  if (page.nextCursor) {
    const next = new URL(url);
    next.searchParams.set('cursor', page.nextCursor);
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  sendJson(response, 200, page.rows, headers);
}

const server = createServer((request, response) => {
  const url = new URL(request.url!, 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === '/v1/pets') return void listPets(url, response).catch(failed(response));
  if (request.method === 'POST' && url.pathname === '/v1/store/orders') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { petId, quantity = 1 } = JSON.parse(Buffer.concat(chunks).toString()) as { petId: number; quantity?: number };
      placeOrder(petId, quantity)
        .then((order) => sendJson(response, 201, order, { Location: `/v1/store/orders/${order.id}` }))
        .catch(failed(response));
    });
    return;
  }
  sendJson(response, 404, { code: 'NOT_FOUND', message: 'Not found', status: 404 });
});

server.listen(Number(values.port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().finally(() => process.exit(0))));
