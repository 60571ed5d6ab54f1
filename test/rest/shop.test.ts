/**
 * `GET /v1/shop` over real HTTP, checked against the served document: what an integrator needs to
 * read the API's amounts (currency and its minor-unit digits, whether prices include tax, the
 * default rate) and days (the time zone), following the owner's settings; nothing else of them.
 */
import { expect, test } from 'vitest';
import { machineTimeZone } from '../../src-shared/schemas/settings';
import { expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

test('answers the shop\'s terms to a read token: by default EUR (2 digits), tax included, no default rate, this machine\'s zone', async () => {
  const answer = await s.call('GET', '/v1/shop', { token: s.t.readToken });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ name: 'Pet Store', currency: 'EUR', currencyDigits: 2, pricesIncludeTax: true, defaultTaxRate: 0, timeZone: machineTimeZone() });
});

test('follows the owner\'s settings at once, with the digits of the currency as Intl knows them', async () => {
  for (const [currency, currencyDigits] of [['JPY', 0], ['BHD', 3], ['CHF', 2]] as const) {
    s.settings({ currency, defaultTaxRate: 810, pricesIncludeTax: false, timeZone: 'Europe/Zurich', shopName: 'Happy Paws' });
    expect((await s.call('GET', '/v1/shop')).body).toEqual({
      name: 'Happy Paws',
      currency,
      currencyDigits,
      pricesIncludeTax: false,
      defaultTaxRate: 810,
      timeZone: 'Europe/Zurich',
    });
  }
});

test('says nothing of the other settings (the listener, origins, rate limit)', async () => {
  s.settings({ allowedOrigins: ['https://shop.example'] });
  const { body } = await s.call('GET', '/v1/shop');
  expect(Object.keys(body).sort()).toEqual(['currency', 'currencyDigits', 'defaultTaxRate', 'name', 'pricesIncludeTax', 'timeZone']);
});

test('needs a token; takes no parameters; is read-only', async () => {
  expectError(await s.call('GET', '/v1/shop', { token: null }), 'UNAUTHORIZED', 401);
  expectError(await s.call('GET', '/v1/shop?currency=USD'), 'VALIDATION_FAILED', 400);
  expect((await s.call('PUT', '/v1/shop', { json: { currency: 'USD' } })).status).toBe(405);
});

test('is beta in the document, under Service, answering the Shop schema', async () => {
  const { body: document } = await s.call('GET', '/openapi.json', { token: null });
  const operation = document.paths['/shop'].get;
  expect(operation).toMatchObject({ operationId: 'shopGet', 'x-stability': 'beta', tags: ['Service'] });
  expect(operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Shop' });
  expect(document.components.schemas.Shop.properties.currencyDigits).toMatchObject({ type: 'integer', minimum: 0, maximum: 4 });
});
