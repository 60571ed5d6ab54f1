import { afterAll, beforeAll, expect } from 'vitest';
import type { Category } from '../../../src-shared/schemas/category';
import type { Order } from '../../../src-shared/schemas/order';
import type { Pet, PetStatus } from '../../../src-shared/schemas/pet';
import type { SettingsPatch } from '../../../src-shared/schemas/settings';
import type { z } from 'zod';
import { createOpenApiChecker } from './openapi-check';
import { startTestServer, type TestServer } from './server';
import { rawRequest } from './transport';

export type Checker = Awaited<ReturnType<typeof createOpenApiChecker>>;

/** An answer after it went through the OpenAPI checker: status, headers and the parsed body. */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallInit {
  /** Bearer secret; defaults to the suite's write token; null sends no Authorization header. */
  token?: string | null;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** A raw body (then set the content type yourself, or leave it out). */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface RawInit {
  token?: string | null;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface HttpSuite {
  readonly t: TestServer;
  readonly api: Checker;
  /** fetch() + api.check(): every answer is checked against the served document. */
  call<T = any>(method: string, path: string, init?: CallInit): Promise<Answer<T>>;
  /**
   * node:http request, node:https in the HTTPS run (for what fetch() forbids: a Host header, a body without Content-Type),
   * its answer also checked against the served document.
   */
  raw<T = any>(method: string, path: string, init?: RawInit): Promise<Answer<T>>;
  /** Creates a category over HTTP (a unique name unless given). */
  category(fields?: { name?: string; description?: string }): Promise<Category>;
  /** Creates a pet over HTTP (in a fresh category unless given). */
  pet(fields?: { name?: string; categoryId?: number; status?: PetStatus }): Promise<Pet>;
  /** Places an order over HTTP. */
  order(petId: number, quantity?: number): Promise<Order>;
  /** Changes settings in-process, the way the owner does in the app. */
  settings(patch: z.input<typeof SettingsPatch>): Promise<void>;
  /** Creates an extra token in-process; returns its id and secret. */
  token(scope: 'read' | 'write', label?: string): Promise<{ id: number; secret: string }>;
}

const isHtml = (headers: Headers) => (headers.get('content-type') ?? '').startsWith('text/html');

let counter = 0;
export const unique = (prefix: string) => `${prefix} ${++counter}`;

/**
 * One test server (fresh database, 127.0.0.1, random port) and its OpenAPI checker for the file,
 * started before its tests and closed after them.
 */
export function useHttpSuite(options: Parameters<typeof startTestServer>[0] = {}): HttpSuite {
  let t: TestServer | undefined;
  let api: Checker | undefined;

  beforeAll(async () => {
    t = await startTestServer(options);
    api = await createOpenApiChecker(t.origin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const server = () => {
    if (!t) throw new Error('The test server is not started yet');
    return t;
  };
  const checker = () => {
    if (!api) throw new Error('The checker is not ready yet');
    return api;
  };

  const suite: HttpSuite = {
    get t() {
      return server();
    },
    get api() {
      return checker();
    },

    async call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const response = await server().request(path, {
        method,
        token: init.token,
        json: init.json,
        body: init.body as RequestInit['body'],
        headers,
      });
      // The HTML reference page is not an operation of the document: it is read as text.
      if (isHtml(response.headers)) return { status: response.status, headers: response.headers, body: await response.text() };
      const body = await checker().check(method, path, response);
      return { status: response.status, headers: response.headers, body };
    },

    async raw(method, path, init = {}) {
      const { token = server().writeToken } = init;
      const headers: Record<string, string> = { ...init.headers };
      if (token !== null && !Object.keys(headers).some((key) => key.toLowerCase() === 'authorization')) {
        headers.authorization = `Bearer ${token}`;
      }
      if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
      const answer = await new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
        const req = rawRequest(
          { host: '127.0.0.1', port: server().listener.port, method, path, headers, agent: false },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const out = new Headers();
              for (const [name, value] of Object.entries(res.headers)) {
                if (value === undefined) continue;
                for (const item of Array.isArray(value) ? value : [value]) out.append(name, item);
              }
              resolve({ status: res.statusCode!, headers: out, text: Buffer.concat(chunks).toString('utf8') });
            });
          },
        );
        req.on('error', reject);
        req.end(init.body);
      });
      if (isHtml(answer.headers)) return { status: answer.status, headers: answer.headers, body: answer.text };
      const response = new Response(answer.text === '' ? null : answer.text, { status: answer.status, headers: answer.headers });
      const body = await checker().check(method, path, response);
      return { status: answer.status, headers: answer.headers, body };
    },

    async category(fields = {}) {
      const answer = await suite.call<Category>('POST', '/v1/categories', { json: { name: unique('Category'), ...fields } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },

    async pet(fields = {}) {
      const categoryId = fields.categoryId ?? (await suite.category()).id;
      const answer = await suite.call<Pet>('POST', '/v1/pets', { json: { name: unique('Pet'), ...fields, categoryId } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },

    async order(petId, quantity = 1) {
      const answer = await suite.call<Order>('POST', '/v1/store/orders', { json: { petId, quantity } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },

    async settings(patch) {
      await server().call('settings.update', patch);
    },

    async token(scope, label = unique(`${scope} token`)) {
      const created = await server().call('tokens.create', { label, scope });
      return { id: created.token.id, secret: created.secret };
    },
  };
  return suite;
}

/** Every page of a list, following `Link: <…>; rel="next"` to the end. */
export async function allPages<T = any>(
  suite: HttpSuite,
  firstPath: string,
  init: CallInit = {},
): Promise<{ pages: T[][]; items: T[]; totals: string[] }> {
  const pages: T[][] = [];
  const totals: string[] = [];
  let path: string | undefined = firstPath;
  for (let guard = 0; path && guard < 1000; guard++) {
    const answer: Answer<T[]> = await suite.call<T[]>('GET', path, init);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push(answer.body);
    totals.push(answer.headers.get('x-total-count') ?? '');
    path = nextLink(answer.headers);
  }
  return { pages, items: pages.flat(), totals };
}

/** The target of a `Link: <…>; rel="next"` header, if any. */
export function nextLink(headers: Headers): string | undefined {
  const link = headers.get('link');
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (match) return match[1];
  }
  return undefined;
}

/** Asserts an answer is the Error object with this code (and the catalogue's status). */
export function expectError(answer: Answer, code: string, status: number): void {
  expect({ status: answer.status, code: answer.body?.code }, JSON.stringify(answer.body)).toEqual({ status, code });
  expect(answer.body.status).toBe(status);
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message.length).toBeGreaterThan(0);
}
