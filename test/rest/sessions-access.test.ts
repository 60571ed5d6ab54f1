/**
 * The contract's access marks and the REST loop agree, operation by operation: with logins on every
 * `owner` operation is 403 FORBIDDEN to a clerk's session, every `anyone` operation is open to a
 * till's token alone, and every other one asks that till to sign in (401 SIGN_IN_REQUIRED). The
 * check comes before the input is read, so an empty request is enough.
 */
import { beforeAll, expect, test } from 'vitest';
import { OPERATION_NAMES, operationDef } from '../../src-shared/contract';
import { clerksWithLoginsAt, pairTillAt } from '../helpers/clerk-logins';
import { useHttpSuite } from './support/http-suite';

const s = useHttpSuite();
let tillToken: string;
let clerkSecret: string;

beforeAll(async () => {
  tillToken = (await pairTillAt(s.t)).secret;
  const { clerk } = await clerksWithLoginsAt(s.t);
  const started = await s.call('POST', '/v1/sessions', { token: tillToken, json: { clerkId: clerk.id, pin: '2222' } });
  clerkSecret = started.body.secret;
});

/** Every operation over REST but the public ones and the stream (anyone's, it never ends), with ids of 1. */
const routes = OPERATION_NAMES.map((name) => ({ name, def: operationDef(name) })).filter(
  ({ def }) => def.http && def.http.auth !== 'none' && !def.http.stream,
);
const pathOf = (path: string) => `/v1${path.replace(/\{\w+\}/g, '1')}`;

test('the stream and the public operations are open to anyone by their marks too', () => {
  const others = OPERATION_NAMES.filter((name) => operationDef(name).http && !routes.some((route) => route.name === name));
  expect(others.length).toBeGreaterThan(0);
  for (const name of others) expect(operationDef(name).access, name).toBe('anyone');
});

test.each(routes.filter(({ def }) => def.access === 'owner').map(({ name }) => name))("%s: 403 FORBIDDEN to a clerk's session", async (name) => {
  const { http } = operationDef(name);
  const answer = await s.call(http!.method, pathOf(http!.path), { token: clerkSecret, json: http!.method === 'GET' || http!.method === 'DELETE' ? undefined : {} });
  expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  expect(answer.body).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^Only an owner may /) });
});

test.each(routes.map(({ name }) => name))("%s: a till's token alone is let in exactly when it is marked anyone", async (name) => {
  const def = operationDef(name);
  const { method, path } = def.http!;
  const answer = await s.call(method, pathOf(path), { token: tillToken, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
  if (def.access === 'anyone') expect(String(answer.body?.code), JSON.stringify(answer.body)).not.toMatch(/^(SIGN_IN_REQUIRED|FORBIDDEN|UNAUTHORIZED)$/);
  else expect(answer.body, `${method} ${path}`).toMatchObject({ code: 'SIGN_IN_REQUIRED', status: 401 });
});
