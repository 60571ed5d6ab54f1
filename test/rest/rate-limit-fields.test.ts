/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers, issue 32 item 13) beside the
 * X-RateLimit-* ones: `RateLimit-Policy: "default";q=<limit>;w=60` and
 * `RateLimit: "default";r=<left>;t=<seconds>`, on every answer once the token was accepted, in the
 * syntax the served document declares.
 */
import { expect, test } from 'vitest';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';

const s = useHttpSuite();

/** The answer's RateLimit fields, after checking them against the document's declared patterns. */
function fields(answer: Answer): { policy: string; limit: string } {
  const declared = s.api.doc.components.headers as Record<string, { schema: { pattern: string } }>;
  const policy = answer.headers.get('ratelimit-policy') ?? '';
  const limit = answer.headers.get('ratelimit') ?? '';
  expect(policy).toMatch(new RegExp(declared['RateLimit-Policy']!.schema.pattern));
  expect(limit).toMatch(new RegExp(declared.RateLimit!.schema.pattern));
  return { policy, limit };
}

test('each answer tells the policy and what is left; t is when the oldest request of the minute leaves it', async () => {
  const token = (await s.token('read')).secret;
  const first = await s.call('GET', '/v1/pets', { token });
  expect(fields(first)).toEqual({ policy: '"default";q=1200;w=60', limit: '"default";r=1199;t=60' });
  expect(first.headers.get('x-ratelimit-limit')).toBe('1200');
  expect(first.headers.get('x-ratelimit-remaining')).toBe('1199');
  const second = await s.call('GET', '/v1/categories', { token });
  expect(fields(second).limit).toMatch(/^"default";r=1198;t=(59|60)$/);
  // Refusals after the token was accepted carry them too.
  const missing = await s.call('GET', '/v1/pets/999999', { token });
  expect(missing.status).toBe(404);
  expect(fields(missing).limit).toMatch(/^"default";r=1197;t=(59|60)$/);
});

test('a spent budget: 429 RATE_LIMITED says r=0 and t equal to Retry-After; the policy follows the owner\'s limit', async () => {
  await s.settings({ rateLimitPerMinute: 2 });
  try {
    const { secret } = (await s.token('read'));
    expect(fields(await s.call('GET', '/v1/pets', { token: secret }))).toEqual({ policy: '"default";q=2;w=60', limit: '"default";r=1;t=60' });
    await s.call('GET', '/v1/pets', { token: secret });
    const refused = await s.call('GET', '/v1/pets', { token: secret });
    expectError(refused, 'RATE_LIMITED', 429);
    const retryAfter = refused.headers.get('retry-after');
    expect(fields(refused)).toEqual({ policy: '"default";q=2;w=60', limit: `"default";r=0;t=${retryAfter}` });
  } finally {
    await s.settings({ rateLimitPerMinute: 1200 });
  }
});

test('answers without a token accepted carry none of them', async () => {
  const anonymous = await s.call('GET', '/v1/pets', { token: null });
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('ratelimit')).toBeNull();
  expect(anonymous.headers.get('ratelimit-policy')).toBeNull();
  expect((await s.call('GET', '/health', { token: null })).headers.get('ratelimit')).toBeNull();
});
