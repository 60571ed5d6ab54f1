/**
 * `GET /v1/shop` over real HTTP, checked against the served document: what an integrator needs to
 * read the API's amounts (currency and its minor-unit digits, whether prices include tax, the
 * default rate) and days (the time zone), and what receipts print, following the owner's settings;
 * nothing else of them.
 */
import { expect, test } from 'vitest';
import { machineTimeZone } from '../../src-shared/schemas/settings';
import { expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

test('answers the shop\'s terms to a read token: by default EUR (2 digits), tax included, no default rate, this machine\'s zone', async () => {
  const answer = await s.call('GET', '/v1/shop', { token: s.t.readToken });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({
    name: 'Pet Store',
    currency: 'EUR',
    currencyDigits: 2,
    pricesIncludeTax: true,
    defaultTaxRate: 0,
    timeZone: machineTimeZone(),
    address: '',
    taxId: '',
    receiptFooter: '',
  });
});

test('follows the owner\'s settings at once, with the digits of the currency as Intl knows them', async () => {
  for (const [currency, currencyDigits] of [['JPY', 0], ['BHD', 3], ['CHF', 2]] as const) {
    await s.settings({ currency, defaultTaxRate: 810, pricesIncludeTax: false, timeZone: 'Europe/Zurich', shopName: 'Happy Paws' });
    expect((await s.call('GET', '/v1/shop')).body).toMatchObject({
      name: 'Happy Paws',
      currency,
      currencyDigits,
      pricesIncludeTax: false,
      defaultTaxRate: 810,
      timeZone: 'Europe/Zurich',
    });
  }
});

test("carries what a receipt prints, as the owner set it (a till's receipts read them here), to a read token", async () => {
  await s.settings({ shopAddress: '1 Main Street\n12345 Springfield', shopTaxId: 'DE123456789', receiptFooter: 'Returns within 14 days.\nThank you!' });
  const { status, body } = await s.call('GET', '/v1/shop', { token: s.t.readToken });
  expect(status).toBe(200);
  expect(body).toMatchObject({ address: '1 Main Street\n12345 Springfield', taxId: 'DE123456789', receiptFooter: 'Returns within 14 days.\nThank you!' });
  await s.settings({ shopAddress: '', shopTaxId: '', receiptFooter: '' });
  expect((await s.call('GET', '/v1/shop')).body).toMatchObject({ address: '', taxId: '', receiptFooter: '' });
});

test('says nothing of the other settings (the listener, origins, rate limit)', async () => {
  await s.settings({ allowedOrigins: ['https://shop.example'] });
  const { body } = await s.call('GET', '/v1/shop');
  expect(Object.keys(body).sort()).toEqual(['address', 'currency', 'currencyDigits', 'defaultTaxRate', 'name', 'pricesIncludeTax', 'receiptFooter', 'taxId', 'timeZone']);
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
  expect(document.components.schemas.Shop.required).toEqual(expect.arrayContaining(['address', 'taxId', 'receiptFooter']));
  expect(document.components.schemas.Shop.properties.address).toMatchObject({ type: 'string', maxLength: 300 });
});
