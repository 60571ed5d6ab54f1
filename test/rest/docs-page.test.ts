import { beforeAll, describe, expect, test } from 'vitest';
import { useHttpSuite, type Answer } from './support/http-suite';

const s = useHttpSuite();

let page: Answer<string>;
let html: string;
let doc: any;
beforeAll(async () => {
  page = await s.call<string>('GET', '/docs', { token: null });
  html = page.body;
  doc = (await s.call('GET', '/openapi.json', { token: null })).body;
});

describe('GET /docs', () => {
  test('is an HTML page, served without a token', () => {
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(doc.info.title);
    expect(html).toContain(doc.info.version);
  });

  test('with a token it is the same page', async () => {
    const withToken = await s.call<string>('GET', '/docs', { token: s.t.readToken });
    expect(withToken.body).toBe(html);
  });

  test('is also under /v1, beside the document, with a token as every /v1 route', async () => {
    expect((await s.call('GET', '/v1/docs', { token: null })).status).toBe(401);
    const underPrefix = await s.call<string>('GET', '/v1/docs', { token: s.t.readToken });
    expect(underPrefix.status).toBe(200);
    expect(underPrefix.body).toBe(html);
    expect(underPrefix.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'));
    expect((await s.call('GET', '/v1/docsx', { token: null })).status).toBe(401); // any other path under /v1 asks for a token
  });

  test('carries a strict Content-Security-Policy and nosniff', () => {
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/https?:|\*/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('mentions every path of the document, with each method', () => {
    for (const [path, methods] of Object.entries<any>(doc.paths)) {
      expect(html, path).toContain(`/v1${path}`);
      for (const [method, operation] of Object.entries<any>(methods)) {
        expect(html, `${method} ${path}`).toContain(`id="${operation.operationId}"`);
        expect(html).toContain(`<span class="method ${method}">${method.toUpperCase()}</span> <code>/v1${path}</code>`);
      }
    }
  });

  test('shows the deprecation and stability markers and every schema', () => {
    expect(html).toContain('badge deprecated');
    expect(html).toContain('badge beta');
    expect(html).toContain('badge experimental');
    for (const name of Object.keys(doc.components.schemas)) expect(html).toContain(`id="schema-${name}"`);
  });

  test('loads nothing from another host: no http(s) URL to another host, no scripts, no external styles or fonts', () => {
    const urls = html.match(/(?:https?:)?\/\/[^\s"'<>)]+/gi) ?? [];
    const foreign = urls.filter((url) => !/^(?:https?:)?\/\/(?:127\.0\.0\.1|localhost)(?:[:/]|$)/i.test(url));
    expect(foreign).toEqual([]);
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toMatch(/<link\b[^>]*rel=["']?stylesheet/i);
    expect(html).not.toMatch(/@import|@font-face|url\(/i);
    expect(html).not.toMatch(/<(?:iframe|img|object|embed)\b/i);
    const targets = [...html.matchAll(/\b(?:href|src|action)="([^"]*)"/g)].map((match) => match[1]);
    for (const target of targets) expect(target).toMatch(/^(#|\/openapi\.json$)/);
  });

  test('escapes text from the document (no raw markup from descriptions)', () => {
    // The document's description says `Authorization: Bearer <token>`; it must arrive escaped.
    expect(doc.info.description).toContain('<token>');
    expect(html).toContain('Bearer &lt;token&gt;');
    expect(html).not.toContain('<token>');
  });

  test('is kept only with its tag, asked again each time (no-cache, ETag), and answers HEAD', async () => {
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('etag')).toMatch(/^W\/"/);
    const head = await s.t.request('/docs', { method: 'HEAD', token: null });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
