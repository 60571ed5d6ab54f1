import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { StoreError } from '../../src-shared/errors';
import { MAX_IMPORT_CHARS } from '../../src-shared/schemas/data';
import { CONTENT_SECURITY_POLICY } from '../host/csp';
import { CONTENT_TYPES, contentTypeOf } from '../host/renderer-files';
import type { Handlers } from '../service/handler-types';
import type { Store } from '../service/store';
import { BRIDGE_SCRIPT } from './bridge-script';
import { makeSecret, SECRET_HEADER, SECRET_PARAM, secretMatches } from './secret';
import { bytesReplacer, bytesReviver } from './bytes-json';
import { localConnection, type HostConnection } from './connection';

// Room for the largest import (MAX_IMPORT_CHARS of text, JSON-encoded); IPC in Electron has no such cap.
const MAX_BODY = 4 * MAX_IMPORT_CHARS;
const INVOKE_PREFIX = '/__petstore/invoke/';

/** The page's Idempotency-Key for a create (the bridge's `invoke` option). */
function idempotencyKey(request: IncomingMessage): { idempotencyKey?: string } | undefined {
  const key = request.headers['idempotency-key'];
  return key === undefined ? undefined : { idempotencyKey: key as string };
}
/** Refuses bytes that are not UTF-8 instead of turning them into U+FFFD (as the REST body parser does). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface BrowserHostOptions {
  /** The store on this machine, unless `connection` says where else the page's calls go. */
  store?: Store;
  /** The handler table to serve (default: the store's; the host adds the listener's). */
  handlers?: Partial<Handlers>;
  /** A till's link to a shop server (connection.ts); default: the store's own. */
  connection?: HostConnection;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
}

export interface BrowserHost {
  server: Server;
  /** The address to open: it holds this start's secret, which every call and the event stream must carry. */
  url: string;
  secret: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer to a browser on 127.0.0.1 with the preload's API bridged to the real
 * service over HTTP: the UI can be used and tested without Electron. Development and tests only.
 * The page and its files are public (they hold no data); the store answers only the secret's holder.
 */
export async function startBrowserHost({ store, handlers, connection: given, rendererDir, port = 0 }: BrowserHostOptions): Promise<BrowserHost> {
  const connection = given ?? localConnection(store!, handlers);
  const indexHtml = (await readFile(join(rendererDir, 'index.html'), 'utf8')).replace(
    '<script type="module"',
    '<script src="/__petstore/bridge.js"></script>\n    <script type="module"',
  );
  const streams = new Set<ServerResponse>();
  const secret = makeSecret();

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) refuse(response, new StoreError('INTERNAL', 'Internal error'));
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    if (host !== '127.0.0.1' && host !== 'localhost') return refuse(response, new StoreError('FORBIDDEN', 'This host name is not served here'));
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = decodedPath(url);
    if (path === null) return refuse(response, new StoreError('NOT_FOUND', 'No such page'));

    if (path.startsWith(INVOKE_PREFIX) && request.method === 'POST') {
      if (!secretMatches(secret, request.headers[SECRET_HEADER.toLowerCase()])) {
        return send(response, 401, 'application/json', JSON.stringify({ ok: false, error: unauthorized().toBody() }), CHALLENGE);
      }
      const refused = crossSiteRefusal(request);
      const input = refused ?? (await readJson(request));
      const result =
        input instanceof StoreError
          ? { ok: false, error: input.toBody() }
          : await connection.invoke(path.slice(INVOKE_PREFIX.length), input, idempotencyKey(request));
      // Bytes (a photo) travel as base64 (bytes-json.ts), as the bridge sends them.
      return send(response, input instanceof StoreError ? input.status : 200, 'application/json', JSON.stringify(result, bytesReplacer));
    }
    if (url.pathname === '/__petstore/events') {
      if (!secretMatches(secret, url.searchParams.get(SECRET_PARAM))) return refuse(response, unauthorized(), CHALLENGE);
      // Follows the log from now (the bridge holds the page's calls until the stream is connected),
      // or after the last id EventSource saw when it reconnects, or after `?after=`.
      const resume = String(request.headers['last-event-id'] ?? url.searchParams.get('after') ?? '');
      const resumeFrom = /^\d+$/.test(resume) ? Number(resume) : NaN;
      const after = Number.isSafeInteger(resumeFrom) ? resumeFrom : undefined;
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      response.write(': connected\n\n');
      streams.add(response);
      // A till's link to its shop server goes first and at each change (a store of its own: `local`).
      const stopLink = connection.followLink((status) => response.write(`event: link\ndata: ${JSON.stringify(status)}\n\n`));
      // One message per batch; its id is its last event's, for the resume.
      const stop = connection.follow(after, (events) => response.write(`id: ${events.at(-1)!.id}\ndata: ${JSON.stringify(events)}\n\n`));
      request.on('close', () => {
        stop();
        stopLink();
        streams.delete(response);
      });
      return;
    }
    if (url.pathname === '/__petstore/bridge.js') return send(response, 200, CONTENT_TYPES['.js'], BRIDGE_SCRIPT);
    if (request.method !== 'GET') return refuse(response, new StoreError('METHOD_NOT_ALLOWED', `${request.method} is not served here`));
    if (url.pathname === '/' || url.pathname === '/index.html') return send(response, 200, CONTENT_TYPES['.html'], indexHtml);

    const file = normalize(join(rendererDir, path));
    if (!file.startsWith(rendererDir + sep)) return refuse(response, new StoreError('NOT_FOUND', 'No such page'));
    try {
      const body = await readFile(file);
      send(response, 200, contentTypeOf(file), body);
    } catch {
      refuse(response, new StoreError('NOT_FOUND', 'No such page'));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${address.port}/?${SECRET_PARAM}=${secret}`,
    secret,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of streams) response.end();
        server.close(() => resolve());
      }),
  };
}

/** What a request without the secret, or with another, is told. */
const unauthorized = () => new StoreError('UNAUTHORIZED', 'The browser host’s secret is missing or wrong: open the address it printed when it started');
/** A 401 names how to authenticate (RFC 9110): the header that carries the secret. */
const CHALLENGE = { 'WWW-Authenticate': SECRET_HEADER };

/** A refusal as an Error object, with its catalogue status. */
function refuse(response: ServerResponse, error: StoreError, headers: Record<string, string> = {}): void {
  send(response, error.status, 'application/json', JSON.stringify(error.toBody()), headers);
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    ...headers,
    'Content-Type': type,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    // The page's address holds the secret: other origins get no Referer at all ('no-referrer'
    // would also make the page's own calls send `Origin: null`, which the host refuses).
    'Referrer-Policy': 'same-origin',
  });
  response.end(body);
}

/** The URL's path, percent-decoded; null when its encoding is broken. */
function decodedPath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

/**
 * Refuses a call that another site's page could have made: the page's own bridge sends JSON from
 * its own origin. A form or a `text/plain` fetch from elsewhere needs no CORS preflight, so without
 * these checks any page open in the same browser could create, delete or back up over files.
 */
function crossSiteRefusal(request: IncomingMessage): StoreError | undefined {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if ((site !== undefined && site !== 'same-origin') || (origin !== undefined && origin !== `http://${request.headers.host}`)) {
    return new StoreError('FORBIDDEN', 'Only the page served here may call the store');
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return new StoreError('UNSUPPORTED_MEDIA_TYPE', 'The input must be sent as application/json');
  return undefined;
}

/**
 * The request's JSON body, or a StoreError for one too large, not UTF-8 or not JSON. The bridge
 * always sends a body (`null` for no input): an empty one is broken, as over REST.
 */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return new StoreError('PAYLOAD_TOO_LARGE', `The input is larger than ${MAX_BODY / 1024 / 1024} MiB`);
    chunks.push(chunk as Buffer);
  }
  let text: string;
  try {
    text = utf8.decode(Buffer.concat(chunks));
  } catch {
    return new StoreError('MALFORMED_JSON', 'The input is not valid UTF-8');
  }
  try {
    return JSON.parse(text, bytesReviver);
  } catch {
    return new StoreError('MALFORMED_JSON', 'The input is not valid JSON');
  }
}
