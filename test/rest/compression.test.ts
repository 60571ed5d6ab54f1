/**
 * Compression (issue 32, item 13): an answer of 4 KiB or more is sent with brotli or gzip when
 * the client's Accept-Encoding asks for it, and as it is otherwise; smaller answers never are.
 * Read with node:http, which (unlike fetch) leaves the bytes as they came.
 */
import { rawRequest as httpRequest } from './support/transport';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { preferredEncoding } from '../../src-main/rest/compression';
import { useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port: s.t.listener.port, path, agent: false, headers: { authorization: `Bearer ${s.t.writeToken}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** The body as the client reads it: decompressed as its Content-Encoding says. */
const decoded = ({ headers, bytes }: RawAnswer): string =>
  (headers['content-encoding'] === 'br' ? brotliDecompressSync(bytes) : headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');

let bigPage: string;
let smallPath: string;
beforeAll(async () => {
  const category = await s.category();
  const pets = [];
  for (let i = 0; i < 60; i++) pets.push(await s.pet({ name: `Compressible pet number ${i} of a long page`, categoryId: category.id }));
  bigPage = `/v1/pets?categoryId=${category.id}&limit=60`;
  smallPath = `/v1/pets?id=${pets[0]!.id}`;
});

describe('what is compressed', () => {
  test('the OpenAPI document: brotli or gzip as asked, the same text once decoded, and Content-Length the compressed size', async () => {
    const plain = await get('/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(50_000);
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['*', 'br'],
    ]) {
      const answer = await get('/openapi.json', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.bytes.length, accept).toBeLessThan(plain.bytes.length / 5);
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(decoded(answer), accept).toBe(plain.bytes.toString('utf8'));
    }
    const page = await get('/docs', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(decoded(page)).toMatch(/^<!doctype html>/i);
  });

  test('a page of 4 KiB or more, as asked; its decoded text is the plain answer', async () => {
    const plain = await get(bigPage);
    expect(plain.bytes.length).toBeGreaterThanOrEqual(4096);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const gzipped = await get(bigPage, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['x-total-count']).toBe('60');
    expect(JSON.parse(decoded(gzipped))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
    const brotli = await get(bigPage, { 'accept-encoding': 'br' });
    expect(JSON.parse(decoded(brotli))).toHaveLength(60);
  });
});

describe('what is not', () => {
  test('a small answer (a pet by id) never, whatever the client accepts, and it does not vary', async () => {
    const answer = await get(smallPath, { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(JSON.parse(answer.bytes.toString('utf8'))).toHaveLength(1);
  });

  test('a client that refuses both, or asks for neither, gets the text as it is', async () => {
    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate', '*;q=0']) {
      const answer = await get('/openapi.json', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(answer.bytes.toString('utf8').startsWith('{')).toBe(true);
    }
  });

  test('Accept-Encoding is read as RFC 9110 says: q-values, `*` for the rest, brotli on a tie', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('GZIP ; Q=0.8, br ; q=0.9')).toBe('br');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, *;q=0.1')).toBe('br');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=nonsense')).toBe('gzip');
  });
});
