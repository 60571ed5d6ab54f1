import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Pet } from '../../src-shared/schemas/pet';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';

const s = useHttpSuite();

const DEFAULT_SUNSET = '2027-06-30';
const httpDate = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();

let pet: Pet;
beforeAll(async () => {
  pet = await s.pet({ name: 'Old route' });
});
afterEach(() => s.settings({ sunsetDate: DEFAULT_SUNSET, rateLimitPerMinute: 1200 }));

/** The three headers of a deprecated operation's answer, for the given id and sunset day. */
function expectDeprecationHeaders(answer: Answer, id: string, sunsetDate = DEFAULT_SUNSET): void {
  const deprecation = answer.headers.get('deprecation');
  expect(deprecation, `Deprecation on ${answer.status}`).toMatch(/^@\d+$/);
  expect(answer.headers.get('sunset'), `Sunset on ${answer.status}`).toBe(httpDate(sunsetDate));
  expect(answer.headers.get('link'), `Link on ${answer.status}`).toBe(`</v1/pets?id=${id}>; rel="successor-version"`);
}

describe('GET /v1/pets/{petId} is deprecated', () => {
  test('Sunset is an HTTP-date (RFC 8594) and defaults to 2027-06-30', async () => {
    const answer = await s.call('GET', `/v1/pets/${pet.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(answer.headers.get('deprecation')).toBe('@1793491200'); // 2026-11-01T00:00:00Z, the 1.0.0 release
  });

  test('200 carries Deprecation, Sunset and the successor link', async () => {
    const answer = await s.call('GET', `/v1/pets/${pet.id}`);
    expect(answer.status).toBe(200);
    expectDeprecationHeaders(answer, String(pet.id));
    // The successor answers the same pet.
    const successor = answer.headers.get('link')!.match(/^<([^>]+)>/)![1];
    expect((await s.call('GET', successor)).body).toEqual([pet]);
  });

  test('404 carries them too', async () => {
    const answer = await s.call('GET', '/v1/pets/987654');
    expectError(answer, 'NOT_FOUND', 404);
    expectDeprecationHeaders(answer, '987654');
  });

  test('400 carries them too', async () => {
    const bad = await s.call('GET', '/v1/pets/0');
    expectError(bad, 'VALIDATION_FAILED', 400);
    expect(bad.headers.get('link'), 'an id that cannot exist is not echoed').toBe('</v1/pets>; rel="successor-version"');
    const unknown = await s.call('GET', `/v1/pets/${pet.id}?expand=all`);
    expectError(unknown, 'VALIDATION_FAILED', 400);
    expectDeprecationHeaders(unknown, String(pet.id));
  });

  test('a path that is not an id (or not one that can exist) is not echoed into the link: the successor is then the list', async () => {
    for (const path of ['/v1/pets/abc', '/v1/pets/%3Cscript%3E', '/v1/pets/1.5', '/v1/pets/0']) {
      const answer = await s.call('GET', path);
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.headers.get('link'), path).toBe('</v1/pets>; rel="successor-version"');
      expect(answer.headers.get('deprecation'), path).toMatch(/^@\d+$/);
    }
  });

  test('an id written with leading zeros is the pet the route reads, and the successor names it plainly', async () => {
    const answer = await s.call('GET', `/v1/pets/000${pet.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(pet);
    expectDeprecationHeaders(answer, String(pet.id));
    // Too many digits for the route to read as a number: refused, and the link does not name a pet either.
    const tooLong = await s.call('GET', `/v1/pets/${'0'.repeat(40)}${pet.id}`);
    expectError(tooLong, 'VALIDATION_FAILED', 400);
    expect(tooLong.headers.get('link')).toBe('</v1/pets>; rel="successor-version"');
  });

  test('a URL the router cannot read (broken percent-encoding) is refused with the headers, the successor being the list (HEAD too)', async () => {
    for (const [method, path] of [['GET', '/v1/pets/%ZZ'], ['GET', '/v1/pets/%E0%A4%A'], ['HEAD', '/v1/pets/%ZZ']] as const) {
      const answer = await s.call(method, path);
      if (method === 'HEAD') {
        expect(answer.status).toBe(400);
        expect(answer.headers.get('link'), path).toBe('</v1/pets>; rel="successor-version"');
        continue;
      }
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.headers.get('link'), path).toBe('</v1/pets>; rel="successor-version"');
      expect(answer.headers.get('deprecation'), path).toMatch(/^@\d+$/);
      expect(answer.headers.get('sunset'), path).toMatch(/GMT$/);
    }
  });

  test('410 after the sunset date carries them too, with the configured date', async () => {
    await s.settings({ sunsetDate: '2020-01-01' });
    const answer = await s.call('GET', `/v1/pets/${pet.id}`);
    expectError(answer, 'OPERATION_SUNSET', 410);
    expectDeprecationHeaders(answer, String(pet.id), '2020-01-01');
    expect(answer.body.message).toContain('2020-01-01');
    // A sunset set before the release's deprecation date moves Deprecation back to it (never after Sunset).
    expect(answer.headers.get('deprecation')).toBe(`@${Date.parse('2020-01-01T00:00:00Z') / 1000}`);
    expect(answer.body.message).toBe(`This operation was retired on 2020-01-01; use GET /v1/pets?id=${pet.id}`);
    // What is not an id is never echoed into the message (no line breaks, no direction overrides).
    for (const raw of ['%0d%0aX-Injected:%201', '%E2%80%AEevil', 'abc', '0']) {
      const refused = await s.call('GET', `/v1/pets/${raw}`);
      expectError(refused, 'OPERATION_SUNSET', 410);
      expect(refused.body.message, raw).toBe('This operation was retired on 2020-01-01; use GET /v1/pets');
    }
  });

  test('the sunset starts at 00:00 UTC of the configured day: today is already sunset, tomorrow not yet', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await s.settings({ sunsetDate: today });
    expectError(await s.call('GET', `/v1/pets/${pet.id}`), 'OPERATION_SUNSET', 410);
    await s.settings({ sunsetDate: tomorrow });
    const answer = await s.call('GET', `/v1/pets/${pet.id}`);
    expect(answer.status).toBe(200);
    expectDeprecationHeaders(answer, String(pet.id), tomorrow);
  });

  test('the other operations on /v1/pets/{petId} carry no deprecation headers', async () => {
    const patched = await s.call('PATCH', `/v1/pets/${pet.id}`, { json: { name: 'Old route' } });
    expect(patched.status).toBe(200);
    expect(patched.headers.get('deprecation')).toBeNull();
    expect(patched.headers.get('sunset')).toBeNull();
    const list = await s.call('GET', '/v1/pets');
    expect(list.headers.get('deprecation')).toBeNull();
  });

  test('changing the sunset setting changes the header and the served document at once', async () => {
    await s.settings({ sunsetDate: '2031-03-15' });
    const answer = await s.call('GET', `/v1/pets/${pet.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('sunset')).toBe('Sat, 15 Mar 2031 00:00:00 GMT');

    for (const path of ['/openapi.json', '/v1/openapi.json']) {
      const doc = (await s.call('GET', path)).body;
      const operation = doc.paths['/pets/{petId}'].get;
      expect(operation.description).toContain('2031-03-15');
      expect(operation.description).not.toContain(DEFAULT_SUNSET);
      expect(operation.responses['200'].headers.Sunset.description).toContain('2031-03-15');
    }
    const docs = (await s.call('GET', '/docs', { token: null })).body as string;
    expect(docs).toContain('2031-03-15');

    await s.settings({ sunsetDate: DEFAULT_SUNSET });
    const back = (await s.call('GET', '/openapi.json', { token: null })).body;
    expect(back.paths['/pets/{petId}'].get.description).toContain(DEFAULT_SUNSET);
  });

  // The brief: "every response of it carries Deprecation, Sunset and Link". The document
  // declares the three headers on every status of GET /pets/{petId}, 401/403/429 included.
  test('answers refused before the route runs (401, 429) carry them too', async () => {
    const unauthenticated = await s.call('GET', `/v1/pets/${pet.id}`, { token: null });
    expectError(unauthenticated, 'UNAUTHORIZED', 401);
    expectDeprecationHeaders(unauthenticated, String(pet.id));

    await s.settings({ rateLimitPerMinute: 1 });
    const { secret } = (await s.token('read'));
    expect((await s.call('GET', `/v1/pets/${pet.id}`, { token: secret })).status).toBe(200);
    const limited = await s.call('GET', `/v1/pets/${pet.id}`, { token: secret });
    expectError(limited, 'RATE_LIMITED', 429);
    expectDeprecationHeaders(limited, String(pet.id));
  });

  test('a foreign Host (403) still carries them', async () => {
    const answer = await s.raw('GET', `/v1/pets/${pet.id}`, { headers: { host: 'evil.example' } });
    expectError(answer, 'FORBIDDEN', 403);
    expectDeprecationHeaders(answer, String(pet.id));
  });
});
