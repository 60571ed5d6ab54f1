/**
 * Failed authentication is throttled per client address (issue 32, item 4): after 10 wrong tokens
 * in a minute an address gets 429 AUTH_THROTTLED with Retry-After instead of another 401, while a
 * valid token from the same address is served as before, and other addresses are not affected.
 * The limiter's memory stays bounded when an attacker cycles through addresses.
 */
import { rawRequest as httpRequest } from './support/transport';
import { describe, expect, test } from 'vitest';
import { AUTH_FAILURES_ALLOWED, createAuthThrottle } from '../../src-main/rest/auth-throttle';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';

describe('over HTTP', () => {
  const s = useHttpSuite();

  /** A request from another loopback address (all of 127.0.0.0/8 reaches a listener on 127.0.0.1). */
  async function fromAddress(localAddress: string, token: string): Promise<Answer> {
    const answer = await new Promise<Response>((resolve, reject) => {
      const sent = httpRequest(
        { host: '127.0.0.1', port: s.t.listener.port, path: '/v1/pets?limit=1', localAddress, agent: false, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode!, headers }));
          });
        },
      );
      sent.on('error', reject);
      sent.end();
    });
    return { status: answer.status, headers: answer.headers, body: await s.api.check('GET', '/v1/pets?limit=1', answer) };
  }

  test('1,000 wrong tokens: 10 answers 401, then 429 AUTH_THROTTLED with Retry-After; a valid token and a missing one are answered as before', async () => {
    const statuses: number[] = [];
    let throttled: Answer | undefined;
    for (let i = 0; i < 1000; i++) {
      const answer = await s.call('GET', '/v1/pets?limit=1', { token: `psk_wrong_${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) throttled ??= answer;
      else expectError(answer, 'UNAUTHORIZED', 401);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_FAILURES_ALLOWED);
    expect(statuses.slice(AUTH_FAILURES_ALLOWED).every((status) => status === 429)).toBe(true);
    expectError(throttled!, 'AUTH_THROTTLED', 429);
    const retryAfter = Number(throttled!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(throttled!.headers.get('www-authenticate')).toBeNull();

    // The owner's integrations on the same address are not locked out.
    const valid = await s.call('GET', '/v1/pets?limit=1');
    expect(valid.status).toBe(200);
    expect((await s.call('GET', '/v1/pets?limit=1', { token: s.t.readToken })).status).toBe(200);
    // No token is no guess: it is told what to send.
    expectError(await s.call('GET', '/v1/pets?limit=1', { token: null }), 'UNAUTHORIZED', 401);
  });

  test('another client address is counted apart: its wrong tokens get 401 until its own tenth', async () => {
    for (let i = 0; i < AUTH_FAILURES_ALLOWED; i++) expectError(await fromAddress('127.0.0.2', `psk_elsewhere_${i}`), 'UNAUTHORIZED', 401);
    expectError(await fromAddress('127.0.0.2', 'psk_elsewhere_last'), 'AUTH_THROTTLED', 429);
    expect((await fromAddress('127.0.0.2', s.t.writeToken)).status).toBe(200);
    expectError(await fromAddress('127.0.0.3', 'psk_third'), 'UNAUTHORIZED', 401);
  });
});

describe('the throttle on a clock the test moves', () => {
  function throttleAt(maxAddresses?: number) {
    const clock = { now: 1_000_000 };
    return { clock, throttle: createAuthThrottle(() => clock.now, maxAddresses) };
  }

  test('the minute counts from the first failure; Retry-After is when it ends, and then the address starts afresh', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 10; i++, clock.now += 1000) expect(throttle.failed('10.0.0.1')).toEqual({ throttled: false });
    expect(throttle.failed('10.0.0.1')).toEqual({ throttled: true, retryAfterSeconds: 50 });
    clock.now += 49_999;
    expect(throttle.failed('10.0.0.1')).toEqual({ throttled: true, retryAfterSeconds: 1 });
    clock.now += 1;
    expect(throttle.failed('10.0.0.1')).toEqual({ throttled: false });
  });

  test('cycling through 100,000 addresses keeps at most the bound in memory and is throttled all the same', () => {
    const { clock, throttle } = throttleAt(1000);
    let unthrottled = 0;
    let largest = 0;
    for (let i = 0; i < 100_000; i++) {
      if (!throttle.failed(`127.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`).throttled) unthrottled++;
      largest = Math.max(largest, throttle.size);
    }
    expect(largest).toBe(1000);
    // One failure each for the first 1,000 addresses, then 10 for all the others together.
    expect(unthrottled).toBe(1000 + AUTH_FAILURES_ALLOWED);
    // A minute on, the old entries leave as new failures come in.
    clock.now += 60_000;
    expect(throttle.failed('127.9.9.9')).toEqual({ throttled: false });
    expect(throttle.size).toBe(1);
  });
});
