/**
 * Bytes through the browser host, whose bridge carries JSON: a Uint8Array travels as
 * `{"$bytes": base64}` both ways (the page's half runs in Chromium: test/e2e/photo-bridge.spec.ts).
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { BrowserHost } from '../../src-main/browser-host/server';
import { SECRET_HEADER } from '../../src-main/browser-host/secret';
import { bytesReplacer, bytesReviver } from '../../src-main/browser-host/bytes-json';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { PNG } from '../helpers/images';
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

const invoke = (operation: string, body: string) =>
  send(host.url, `/__petstore/invoke/${operation}`, {
    method: 'POST',
    headers: { [SECRET_HEADER]: host.secret, 'Content-Type': 'application/json', Origin: new URL(host.url).origin },
    body,
  });

test('a photo sent as $bytes is stored, and read back as $bytes of the same bytes', async () => {
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const put = await invoke('photos.put', JSON.stringify({ petId: rex.id, photo: { $bytes: PNG.toString('base64') } }));
  expect(JSON.parse(put.body)).toMatchObject({ ok: true, data: { contentType: 'image/png', size: PNG.length } });
  const got = JSON.parse((await invoke('photos.get', JSON.stringify({ petId: rex.id }))).body);
  expect(got).toEqual({ ok: true, data: { contentType: 'image/png', bytes: { $bytes: PNG.toString('base64') } } });
});

test('only an object of $bytes text alone is bytes: anything else stays as it was, for the schema to judge', () => {
  const revive = (json: string) => JSON.parse(json, bytesReviver);
  expect(revive('{"$bytes":"AQI="}')).toEqual(new Uint8Array([1, 2]));
  expect(revive('{"$bytes":"AQI=","x":1}')).toEqual({ $bytes: 'AQI=', x: 1 });
  expect(revive('{"$bytes":3}')).toEqual({ $bytes: 3 });
  expect(revive('{"name":"$bytes"}')).toEqual({ name: '$bytes' });
  expect(JSON.stringify({ a: new Uint8Array([1, 2]), b: [1, 2] }, bytesReplacer)).toBe('{"a":{"$bytes":"AQI="},"b":[1,2]}');
});
