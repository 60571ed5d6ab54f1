/**
 * (b) The practical limit: bare node:http + better-sqlite3 running the statements the store's
 * repositories run, on a copy of the same database, with the same connection settings (WAL,
 * synchronous=FULL, foreign keys, busy timeout). No framework, no auth, no input validation, no
 * rate limit, no change feed: only the SQL and the JSON a correct answer needs.
 *
 *   node --import tsx bench/rest/servers/bare-sqlite.ts --port N --db FILE
 *
 * GET  /v1/pets?id=N                      the page, as petsRepository.list with an id filter (a
 *                                         page that holds every match is its own total: no count)
 * GET  /v1/pets?status=S[&categoryId=C]&limit=L   the page, with the next-page Link, and the count,
 *                                         kept until a commit as the store keeps it (page-totals.ts)
 * POST /v1/store/orders {petId, quantity}  the orders.place transaction (BEGIN IMMEDIATE … COMMIT)
 */
import Database from 'better-sqlite3';
import { createServer, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string' }, db: { type: 'string' } } });

const db = new Database(values.db!);
db.pragma('busy_timeout = 5000');
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');

interface PetRow {
  id: number;
  name: string;
  categoryId: number;
  status: string;
}

// src-main/db/repositories/pets.ts: count, then one more row than the page to know if there is a next one
// (`LIMIT +?` as there: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call).
const COLUMNS = 'id, name, category_id AS categoryId, status';
const countById = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM pets WHERE id IN (?)');
const pageById = db.prepare<[number, number], PetRow>(
  `SELECT ${COLUMNS} FROM pets WHERE id IN (?) ORDER BY id ASC LIMIT +?`,
);
const countByStatus = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM pets WHERE status IN (?)');
const pageByStatus = db.prepare<[string, number], PetRow>(
  `SELECT ${COLUMNS} FROM pets WHERE status IN (?) ORDER BY id ASC LIMIT +?`,
);
const countByStatusCategory = db.prepare<[string, number], { n: number }>(
  'SELECT count(*) AS n FROM pets WHERE status IN (?) AND category_id = ?',
);
const pageByStatusCategory = db.prepare<[string, number, number], PetRow>(
  `SELECT ${COLUMNS} FROM pets WHERE status IN (?) AND category_id = ? ORDER BY id ASC LIMIT +?`,
);

// The orders.place transaction: pets.find, inventory.quantity, orders.insert, orders.find,
// events.append(order.placed), inventory.set, events.append(inventory.updated), the threshold setting.
const petById = db.prepare<[number], PetRow>(`SELECT ${COLUMNS} FROM pets WHERE id = ?`);
const quantityOf = db.prepare<[number], { quantity: number }>('SELECT quantity FROM inventory WHERE pet_id = ?');
const insertOrder = db.prepare<[number, string, number, string | null, string]>(
  'INSERT INTO orders (pet_id, pet_name, quantity, ship_date, placed_at) VALUES (?, ?, ?, ?, ?)',
);
const orderById = db.prepare<[number], { id: number; petId: number; quantity: number; shipDate: string | null; complete: number; petName: string }>(
  'SELECT id, pet_id AS petId, quantity, ship_date AS shipDate, complete, pet_name AS petName FROM orders WHERE id = ?',
);
const appendEvent = db.prepare<[string, string, string]>('INSERT INTO events (type, at, data) VALUES (?, ?, ?)');
const upsertStock = db.prepare<[number, number]>(
  'INSERT INTO inventory (pet_id, quantity) VALUES (?, ?) ON CONFLICT (pet_id) DO UPDATE SET quantity = excluded.quantity',
);
const setStatus = db.prepare<[string, number]>('UPDATE pets SET status = ? WHERE id = ?');
const settingValue = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const placeOrder = db.transaction((petId: number, quantity: number) => {
  const pet = petById.get(petId);
  if (!pet) throw new Refusal(422, 'REFERENCE_NOT_FOUND');
  if (pet.status === 'sold') throw new Refusal(409, 'PET_NOT_AVAILABLE');
  const stock = quantityOf.get(petId)?.quantity ?? 0;
  if (stock < quantity) throw new Refusal(409, 'INSUFFICIENT_STOCK');
  if (pet.status !== 'available') throw new Refusal(409, 'PET_NOT_AVAILABLE');
  const id = Number(insertOrder.run(petId, pet.name, quantity, null, new Date().toISOString()).lastInsertRowid);
  const row = orderById.get(id)!;
  const order = { id: row.id, petId: row.petId, quantity: row.quantity, complete: row.complete === 1, petName: row.petName };
  appendEvent.run('order.placed', new Date().toISOString(), JSON.stringify(order));
  const left = stock - quantity;
  const status = left === 0 ? 'pending' : pet.status;
  if (status !== pet.status) {
    setStatus.run(status, petId);
    appendEvent.run('pet.updated', new Date().toISOString(), JSON.stringify({ ...pet, status }));
  }
  upsertStock.run(petId, left);
  const item = { petId, quantity: left, status };
  appendEvent.run('inventory.updated', new Date().toISOString(), JSON.stringify(item));
  const threshold = JSON.parse(settingValue.get('lowStockThreshold')?.value ?? '1') as number;
  if (stock >= threshold && left < threshold) {
    appendEvent.run('inventory.low', new Date().toISOString(), JSON.stringify({ ...item, threshold }));
  }
  return order;
});

// src-main/db/repositories/page-totals.ts: a count is kept per filter until any connection commits
// (this one: total_changes(); others: data_version, read at most once a millisecond as
// src-main/db/other-writers.ts reads it).
const ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
let versionReadAt = -Infinity;
let version = 0;
const counts = new Map<string, number>();
let seenChanges = -1;
let seenVersion = -1;
function keptCount(key: string, count: () => number): number {
  const changes = ownChanges.get()!;
  const now = performance.now();
  if (now - versionReadAt >= 1) {
    version = dataVersion.get()!;
    versionReadAt = now;
  }
  if (changes !== seenChanges || version !== seenVersion) {
    counts.clear();
    seenChanges = changes;
    seenVersion = version;
  }
  let n = counts.get(key);
  if (n === undefined) counts.set(key, (n = count()));
  return n;
}

const cursorOf = (last: PetRow) => Buffer.from(JSON.stringify([last.id, last.id])).toString('base64url');

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function listPets(url: URL, response: ServerResponse) {
  const query = url.searchParams;
  const limit = Number(query.get('limit') ?? 50);
  const id = query.get('id');
  const status = query.get('status');
  const categoryId = query.get('categoryId');
  let count: () => number;
  let key: string;
  let rows: PetRow[];
  if (id !== null) {
    count = () => countById.get(Number(id))!.n;
    key = `id:${id}`;
    rows = pageById.all(Number(id), limit + 1);
  } else if (status !== null && categoryId !== null) {
    count = () => countByStatusCategory.get(status, Number(categoryId))!.n;
    key = `status:${status}:${categoryId}`;
    rows = pageByStatusCategory.all(status, Number(categoryId), limit + 1);
  } else if (status !== null) {
    count = () => countByStatus.get(status)!.n;
    key = `status:${status}`;
    rows = pageByStatus.all(status, limit + 1);
  } else {
    return sendJson(response, 400, { code: 'VALIDATION_FAILED', message: 'this bench server knows id or status', status: 400 });
  }
  const more = rows.length > limit;
  const headers: Record<string, string | number> = { 'X-Total-Count': more ? keptCount(key, count) : rows.length };
  if (more) {
    rows.pop();
    const next = new URL(url);
    next.searchParams.set('cursor', cursorOf(rows[rows.length - 1]));
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  sendJson(response, 200, rows, headers);
}

const server = createServer((request, response) => {
  const url = new URL(request.url!, 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === '/v1/pets') return listPets(url, response);
  if (request.method === 'POST' && url.pathname === '/v1/store/orders') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const { petId, quantity = 1 } = JSON.parse(Buffer.concat(chunks).toString()) as { petId: number; quantity?: number };
        const order = placeOrder.immediate(petId, quantity);
        sendJson(response, 201, order, { Location: `/v1/store/orders/${order.id}` });
      } catch (error) {
        if (error instanceof Refusal) return sendJson(response, error.status, { code: error.code, message: error.code, status: error.status });
        sendJson(response, 500, { code: 'INTERNAL', message: 'Internal error', status: 500 });
      }
    });
    return;
  }
  sendJson(response, 404, { code: 'NOT_FOUND', message: 'Not found', status: 404 });
});

server.listen(Number(values.port), '127.0.0.1');
process.on('SIGTERM', () =>
  server.close(() => {
    db.close();
    process.exit(0);
  }),
);
