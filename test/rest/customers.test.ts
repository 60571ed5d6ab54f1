/**
 * /v1/customers over real HTTP on 127.0.0.1: create (201, Location, Idempotency-Key), read,
 * update, forget, the list (by name, search with accents, phone digits, paging with Link and
 * X-Total-Count, forgotten=true), every error code the operations declare. Every answer, the
 * event stream's included, is checked against the served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORGOTTEN_CUSTOMER_NAME, type Customer } from '../../src-shared/schemas/customer';
import { StoreEvent } from '../../src-shared/schemas/event';
import { allPages, expectError, useHttpSuite } from './support/http-suite';
import { latestEventId } from './support/event-log';
import { openSse, type OpenSse } from './support/sse';

const s = useHttpSuite();

const keyed = (key: string, json: unknown) => ({ json, headers: { 'Idempotency-Key': key } });
const post = (json: unknown) => s.call<Customer>('POST', '/v1/customers', { json });
async function created(json: Record<string, unknown>): Promise<Customer> {
  const answer = await post(json);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}
const namesOf = (customers: Customer[]) => customers.map((customer) => customer.name);
const detailPaths = (body: { details?: { path: string }[] }) => body.details?.map((detail) => detail.path);

describe('POST /v1/customers', () => {
  test('201 with Location, where GET reads the same customer', async () => {
    const answer = await post({ name: ' Ida Lindqvist ', phone: '+46 8 123 45', email: 'ida@example.se', note: 'Two cats' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name: 'Ida Lindqvist',
      phone: '+46 8 123 45',
      email: 'ida@example.se',
      note: 'Two cats',
      createdAt: expect.any(String),
      updatedAt: answer.body.createdAt,
    });
    expect(answer.headers.get('location')).toBe(`/v1/customers/${answer.body.id}`);
    expect((await s.call('GET', answer.headers.get('location')!)).body).toEqual(answer.body);
  });

  test.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'Al', phone: 'ask at the till' }, 'phone'],
    [{ name: 'Al', phone: '1'.repeat(33) }, 'phone'],
    [{ name: 'Al', email: 'al@localhost' }, 'email'],
    [{ name: 'Al', note: 'n'.repeat(501) }, 'note'],
    [{ name: 'Al', forgottenAt: '2026-01-01T00:00:00Z' }, 'forgottenAt'],
  ])('%j → 400 VALIDATION_FAILED naming %s', async (json, field) => {
    const answer = await s.call('POST', '/v1/customers', { json });
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(detailPaths(answer.body)).toContain(field);
  });

  test('Idempotency-Key: a retry gets the first answer again; the key with another body is 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const body = { name: 'Keyed Kim', email: 'kim@example.com' };
    const first = await s.call<Customer>('POST', '/v1/customers', keyed('customer-1', body));
    const retry = await s.call<Customer>('POST', '/v1/customers', keyed('customer-1', { email: 'kim@example.com', name: ' Keyed Kim' }));
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('location')).toBe(`/v1/customers/${first.body.id}`);
    expect((await s.call<Customer[]>('GET', '/v1/customers?q=keyed')).body).toEqual([first.body]);
    expectError(await s.call('POST', '/v1/customers', keyed('customer-1', { name: 'Someone else' })), 'IDEMPOTENCY_KEY_REUSED', 422);
  });
});

describe('GET /v1/customers', () => {
  const shop = [
    { name: 'Émile Zola', email: 'emile@example.fr', phone: '+33 1 23 45 67 89' },
    { name: 'eddie', email: 'eddie@example.com' },
    { name: 'Søren', phone: '(45) 7012-3456' },
    { name: 'Chloé Martin', email: 'CHLOE@martin.example' },
    { name: 'Agnès Müller' },
  ];
  // A server of this describe's own, so that the other tests' customers do not show in its lists.
  const list = useHttpSuite();
  async function added(json: Record<string, unknown>): Promise<Customer> {
    const answer = await list.call<Customer>('POST', '/v1/customers', { json });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }
  let them: Customer[];
  let reader: { secret: string };
  beforeAll(async () => {
    them = [];
    for (const json of shop) them.push(await added(json));
    reader = (await list.token('read'));
  });

  test('by name, case and accents aside, with X-Total-Count; a read token may list', async () => {
    const answer = await list.call<Customer[]>('GET', '/v1/customers', { token: reader.secret });
    expect(answer.status).toBe(200);
    expect(namesOf(answer.body)).toEqual(['Agnès Müller', 'Chloé Martin', 'eddie', 'Émile Zola', 'Søren']);
    expect(answer.headers.get('x-total-count')).toBe('5');
  });

  test('q: name, email and phone contain it, case and accents aside; phones by their digits', async () => {
    const search = async (q: string) => namesOf((await list.call<Customer[]>('GET', `/v1/customers?q=${encodeURIComponent(q)}`)).body);
    expect(await search('EMILE')).toEqual(['Émile Zola']);
    expect(await search('müller')).toEqual(['Agnès Müller']);
    expect(await search('agnes')).toEqual(['Agnès Müller']);
    expect(await search('chloe@')).toEqual(['Chloé Martin']);
    expect(await search('EXAMPLE')).toEqual(['Chloé Martin', 'eddie', 'Émile Zola']);
    expect(await search('7012 34')).toEqual(['Søren']);
    expect(await search('45 67-8')).toEqual(['Émile Zola']);
    expect(await search('søren')).toEqual(['Søren']);
    expect(await search(' ')).toHaveLength(5);
  });

  test('pages follow Link rel="next" to the end, every customer once, the total on each', async () => {
    const { pages, items, totals } = await allPages<Customer>(list, '/v1/customers?limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(new Set(totals)).toEqual(new Set(['5']));
    expect(items.map((customer) => customer.id).sort((a, b) => a - b)).toEqual(them.map((customer) => customer.id));
    const searched = await allPages<Customer>(list, '/v1/customers?q=e&limit=1');
    expect(namesOf(searched.items)).toEqual(['Agnès Müller', 'Chloé Martin', 'eddie', 'Émile Zola', 'Søren']);
  });

  test('forgotten customers leave the list; forgotten=true lists them', async () => {
    const gone = await added({ name: 'Gone Soon', phone: '0600000000' });
    expect((await list.call('DELETE', `/v1/customers/${gone.id}`)).status).toBe(204);
    const answer = await list.call<Customer[]>('GET', '/v1/customers');
    expect(namesOf(answer.body)).not.toContain(FORGOTTEN_CUSTOMER_NAME);
    expect(answer.headers.get('x-total-count')).toBe('5');
    const forgotten = await list.call<Customer[]>('GET', '/v1/customers?forgotten=true');
    expect(forgotten.body).toEqual([expect.objectContaining({ id: gone.id, name: FORGOTTEN_CUSTOMER_NAME, forgottenAt: expect.any(String) })]);
    expect((await list.call<Customer[]>('GET', '/v1/customers?forgotten=false')).body).toEqual(answer.body);
  });

  test('bad query values are 400 VALIDATION_FAILED naming the parameter', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['forgotten=yes', 'forgotten'],
      ['q=' + 'x'.repeat(101), 'q'],
      ['cursor=', 'cursor'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['sort=name', 'sort'],
      ['forgotten=true&forgotten=false', 'forgotten'],
    ]) {
      const answer = await list.call('GET', `/v1/customers?${query}`);
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(detailPaths(answer.body), query).toContain(field);
    }
  });

  test("another list's cursor, or this list's with another search, is refused", async () => {
    const page = await list.call('GET', '/v1/customers?q=e&limit=1');
    const cursor = new URL(/<([^>]+)>/.exec(page.headers.get('link')!)![1], 'http://x').searchParams.get('cursor')!;
    expectError(await list.call('GET', `/v1/customers?q=a&limit=1&cursor=${cursor}`), 'VALIDATION_FAILED', 400);
    expectError(await list.call('GET', `/v1/categories?cursor=${cursor}`), 'VALIDATION_FAILED', 400);
    expect((await list.call('GET', `/v1/customers?q=e&limit=3&cursor=${cursor}`)).status).toBe(200);
  });
});

describe('GET, PATCH, DELETE /v1/customers/{customerId}', () => {
  test('GET: a customer that does not exist is 404 NOT_FOUND; an id that is no id is 400', async () => {
    expectError(await s.call('GET', '/v1/customers/999999'), 'NOT_FOUND', 404);
    for (const id of ['0', 'abc', '1.5', '9007199254740992']) expectError(await s.call('GET', `/v1/customers/${id}`), 'VALIDATION_FAILED', 400);
  });

  test('PATCH changes only the fields sent; an empty one clears it', async () => {
    const customer = await created({ name: 'Pat Ching', phone: '0612345678', note: 'Regular' });
    const answer = await s.call<Customer>('PATCH', `/v1/customers/${customer.id}`, { json: { email: 'pat@example.com', note: '' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: customer.id,
      name: 'Pat Ching',
      phone: '0612345678',
      email: 'pat@example.com',
      createdAt: customer.createdAt,
      updatedAt: expect.any(String),
    });
    expect((await s.call('GET', `/v1/customers/${customer.id}`)).body).toEqual(answer.body);
  });

  test('PATCH refusals: 400 for an empty, unknown or bad change, 404 for no such customer, 409 CUSTOMER_FORGOTTEN once forgotten', async () => {
    const customer = await created({ name: 'Refused Rae' });
    expectError(await s.call('PATCH', `/v1/customers/${customer.id}`, { json: {} }), 'VALIDATION_FAILED', 400);
    const unknown = await s.call('PATCH', `/v1/customers/${customer.id}`, { json: { vip: true } });
    expectError(unknown, 'VALIDATION_FAILED', 400);
    expect(detailPaths(unknown.body)).toEqual(['vip']);
    expectError(await s.call('PATCH', `/v1/customers/${customer.id}`, { json: { phone: '+' } }), 'VALIDATION_FAILED', 400);
    expectError(await s.call('PATCH', '/v1/customers/999999', { json: { name: 'Nobody' } }), 'NOT_FOUND', 404);

    expect((await s.call('DELETE', `/v1/customers/${customer.id}`)).status).toBe(204);
    const forgotten = await s.call('PATCH', `/v1/customers/${customer.id}`, { json: { name: 'Rae again' } });
    expectError(forgotten, 'CUSTOMER_FORGOTTEN', 409);
    expect(forgotten.body.message).toBe(`Customer ${customer.id} has been forgotten: their record can no longer be changed`);
  });

  test('DELETE forgets: 204, the record stays erased with forgottenAt; again is 204; no such customer is 404', async () => {
    const customer = await created({ name: 'Forget Me', phone: '0698765432', email: 'forget.me@example.com', note: 'Asked to be forgotten' });
    const answer = await s.call('DELETE', `/v1/customers/${customer.id}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    const read = await s.call<Customer>('GET', `/v1/customers/${customer.id}`);
    expect(read.body).toEqual({
      id: customer.id,
      name: FORGOTTEN_CUSTOMER_NAME,
      createdAt: customer.createdAt,
      updatedAt: read.body.forgottenAt,
      forgottenAt: expect.any(String),
    });
    expect((await s.call('DELETE', `/v1/customers/${customer.id}`)).status).toBe(204);
    expect((await s.call('GET', `/v1/customers/${customer.id}`)).body).toEqual(read.body);
    expectError(await s.call('DELETE', '/v1/customers/999999'), 'NOT_FOUND', 404);
    expectError(await s.call('DELETE', `/v1/customers/${customer.id}`, { json: {} }), 'VALIDATION_FAILED', 400);
  });

  test('a read token may not change customers: 403', async () => {
    const customer = await created({ name: 'Read Only' });
    const reader = (await s.token('read'));
    expectError(await s.call('POST', '/v1/customers', { json: { name: 'No' }, token: reader.secret }), 'FORBIDDEN', 403);
    expectError(await s.call('PATCH', `/v1/customers/${customer.id}`, { json: { name: 'No' }, token: reader.secret }), 'FORBIDDEN', 403);
    expectError(await s.call('DELETE', `/v1/customers/${customer.id}`, { token: reader.secret }), 'FORBIDDEN', 403);
    expect((await s.call('GET', `/v1/customers/${customer.id}`, { token: reader.secret })).status).toBe(200);
  });
});

describe('what forgetting leaves behind over HTTP', () => {
  const streams: OpenSse[] = [];
  afterAll(() => streams.forEach((stream) => stream.abort()));

  test('the event stream replays the customer.* events without the person; a keyed retry after the forget creates afresh', async () => {
    const mark = await latestEventId(s.t);
    const person = { name: 'Vera Vanish', phone: '+31 20 555 0199', email: 'vera@vanish.example' };
    const first = await s.call<Customer>('POST', '/v1/customers', keyed('vera-1', person));
    await s.call('PATCH', `/v1/customers/${first.body.id}`, { json: { note: 'Lives on Canal Street' } });
    expect((await s.call('DELETE', `/v1/customers/${first.body.id}`)).status).toBe(204);

    const stream = await openSse(`${s.t.origin}/v1/events`, { token: s.t.readToken, lastEventId: mark });
    streams.push(stream);
    const latest = await latestEventId(s.t);
    await stream.waitFor((items) => items.some((item) => item.kind === 'event' && Number(item.id) >= latest));
    const replayed = stream.events().map((item) => {
      const payload = JSON.parse(item.data);
      s.api.streamed('GET', '/v1/events', payload); // each event as the served document declares it
      return StoreEvent.parse(payload);
    });
    expect(replayed.map((event) => event.type)).toEqual(['customer.created', 'customer.updated', 'customer.forgotten']);
    const text = stream.events().map((item) => item.data).join('\n');
    for (const value of [...Object.values(person), 'Vera', 'Canal Street']) expect(text).not.toContain(value);
    for (const event of replayed) expect(event.data).toMatchObject({ id: first.body.id, name: FORGOTTEN_CUSTOMER_NAME, forgottenAt: expect.any(String) });

    // The kept answer held the person: it is gone, so the same request with the key is a new one.
    const again = await s.call<Customer>('POST', '/v1/customers', keyed('vera-1', person));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
  });
});
