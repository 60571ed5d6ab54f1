/**
 * The page's Idempotency-Key through the browser host (the bridge sends the `invoke` option as the
 * header, as REST takes it): a create runs once per key; a key that is no key is refused.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BrowserHost } from '../../src-main/browser-host/server';
import { SECRET_HEADER } from '../../src-main/browser-host/secret';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { send, startTestHost } from './http';

let t: TestStore;
let host: BrowserHost;
beforeEach(async () => {
  t = openTestStore();
  host = await startTestHost(t);
});
afterEach(async () => {
  await host.close();
  t.close();
});

const create = (body: unknown, key?: string) =>
  send(host.url, '/__petstore/invoke/categories.create', {
    method: 'POST',
    headers: { [SECRET_HEADER]: host.secret, 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    body: JSON.stringify(body),
  });

it('a create sent twice with one key is made once, the retry answered as the first', async () => {
  const first = JSON.parse((await create({ name: 'Ferrets' }, 'page-1')).body) as unknown;
  const again = JSON.parse((await create({ name: 'Ferrets' }, 'page-1')).body) as unknown;
  expect(first).toMatchObject({ ok: true, data: { name: 'Ferrets' } });
  expect(again).toStrictEqual(first);
  expect(t.ok('categories.list', {}).items).toHaveLength(1);
  expect(JSON.parse((await create({ name: 'Otters' }, 'page-1')).body)).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  expect(JSON.parse((await create({ name: 'Otters' }, '')).body)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: [{ path: 'idempotencyKey' }] } });
  expect(t.ok('categories.list', {}).items).toHaveLength(1);
});
