import { describe, expect, test } from 'vitest';
import { useHttpSuite } from './support/http-suite';

/** The checker every REST test relies on must actually fail on answers the document does not allow. */
const s = useHttpSuite();

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

describe('createOpenApiChecker', () => {
  test('accepts a body that matches the declared schema', async () => {
    const pet = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
    await expect(s.api.check('GET', '/v1/pets/1', json(pet, 200))).resolves.toEqual(pet);
    await expect(s.api.check('GET', '/v1/pets?limit=1', json([pet], 200))).resolves.toEqual([pet]);
    await expect(s.api.check('DELETE', '/v1/pets/1', new Response(null, { status: 204 }))).resolves.toBeUndefined();
  });

  test('rejects a body that does not match the schema', async () => {
    await expect(s.api.check('GET', '/v1/pets/1', json('{"id":"x"}', 200))).rejects.toThrow(/does not match the document/);
    await expect(
      s.api.check('GET', '/v1/pets/1', json({ id: 1, name: 'Rex', categoryId: 1, status: 'lost' }, 200)),
    ).rejects.toThrow(/does not match/);
    await expect(
      s.api.check('GET', '/v1/pets/1', json({ id: 1, name: 'Rex', categoryId: 1, status: 'available', extra: true }, 200)),
    ).rejects.toThrow(/does not match/);
    await expect(s.api.check('GET', '/v1/pets', json({ id: 1 }, 200))).rejects.toThrow(/does not match/);
  });

  test('rejects an error body that is not the Error object', async () => {
    await expect(s.api.check('GET', '/v1/pets/1', json({ error: 'Not Found', statusCode: 404 }, 404))).rejects.toThrow(/does not match/);
    await expect(s.api.check('GET', '/v1/pets/1', json({ code: 'NO_SUCH_CODE', message: 'x', status: 404 }, 404))).rejects.toThrow(
      /does not match/,
    );
  });

  test('rejects an undeclared status', async () => {
    await expect(s.api.check('GET', '/v1/pets/1', json({ code: 'NOT_FOUND', message: 'x', status: 418 }, 418))).rejects.toThrow(
      /does not declare/,
    );
    await expect(s.api.check('GET', '/v1/pets', json([], 201))).rejects.toThrow(/does not declare/);
    // 413/415 are declared only where a body is taken.
    await expect(s.api.check('GET', '/v1/pets', json({ code: 'PAYLOAD_TOO_LARGE', message: 'x', status: 413 }, 413))).rejects.toThrow(
      /does not declare/,
    );
    // 401 is not a /health answer.
    await expect(s.api.check('GET', '/v1/health', json({ code: 'UNAUTHORIZED', message: 'x', status: 401 }, 401))).rejects.toThrow(
      /does not declare/,
    );
  });

  test('rejects a DELETE that answers 200 with a body (204, no content, is declared), and the wrong media type', async () => {
    await expect(s.api.check('DELETE', '/v1/pets/1', json({}, 200))).rejects.toThrow(/does not declare/);
    await expect(
      s.api.check('GET', '/v1/pets/1', new Response('{"id":1,"name":"Rex","categoryId":1,"status":"available"}', { status: 200, headers: { 'content-type': 'text/plain' } })),
    ).rejects.toThrow();
  });

  test('rejects a WWW-Authenticate other than the challenge the document declares', async () => {
    const refusal = { code: 'UNAUTHORIZED', message: 'x', status: 401 };
    await expect(s.api.check('GET', '/v1/pets', json(refusal, 401, { 'www-authenticate': 'Bearer realm="petstore"' }))).resolves.toEqual(refusal);
    await expect(s.api.check('GET', '/v1/pets', json(refusal, 401, { 'www-authenticate': 'Bearer realm="other"' }))).rejects.toThrow(/www-authenticate/);
  });

  test('a real answer passes', async () => {
    const response = await s.t.request('/v1/pets');
    await expect(s.api.check('GET', '/v1/pets', response)).resolves.toEqual([]);
  });
});
