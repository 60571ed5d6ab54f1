/**
 * The app:// protocol (security checklist item 18): the handler security.ts gives protocol.handle
 * (src-main/app/hardening/renderer-protocol.ts), run on Fetch API requests as Electron passes them,
 * over a built-renderer folder in a temp dir with files beside it that must stay out of reach.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_SCHEME_PRIVILEGES } from '../../src-main/app/hardening/app-scheme';
import { rendererFileFor, serveRenderer } from '../../src-main/app/hardening/renderer-protocol';
import { CONTENT_SECURITY_POLICY } from '../../src-main/host/csp';
import { APP_ENTRY_URL, APP_SCHEME } from '../../src-main/ipc/own-pages';

let root: string;
let rendererDir: string;
const get = (url: string, method = 'GET') => serveRenderer(rendererDir, new Request(url, { method }));

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'petstore-protocol-'));
  rendererDir = join(root, 'out', 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Pet Store Clerk</title>');
  writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'export const answer = 42;');
  writeFileSync(join(rendererDir, 'assets', 'index-abc.css'), 'body { margin: 0 }');
  // What must never be served: the main process's code, a secret beside the folder, a look-alike folder.
  mkdirSync(join(root, 'out', 'main'));
  writeFileSync(join(root, 'out', 'main', 'index.js'), 'main process');
  writeFileSync(join(root, 'secret.txt'), 'secret');
  mkdirSync(join(root, 'out', 'renderer-secrets'));
  writeFileSync(join(root, 'out', 'renderer-secrets', 'key.txt'), 'secret');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the app:// scheme', () => {
  test('is registered standard and secure (an origin for the CSP’s self, a secure context for the clipboard), with nothing that widens it', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true, bypassCSP: false, corsEnabled: false, allowServiceWorkers: false, stream: false },
    });
  });
});

describe('the app:// protocol handler', () => {
  test('serves index.html and the assets with their types, the CSP and nosniff', async () => {
    for (const [url, type, body] of [
      [APP_ENTRY_URL, 'text/html; charset=utf-8', '<!doctype html><title>Pet Store Clerk</title>'],
      ['app://petstore/', 'text/html; charset=utf-8', '<!doctype html><title>Pet Store Clerk</title>'],
      ['app://petstore/assets/index-abc.js', 'text/javascript; charset=utf-8', 'export const answer = 42;'],
      ['app://petstore/assets/index-abc.css', 'text/css; charset=utf-8', 'body { margin: 0 }'],
    ]) {
      const response = await get(url!);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(type);
      expect(response.headers.get('content-security-policy'), url).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(await response.text(), url).toBe(body);
    }
  });

  test('the hash and query of a page’s URL do not change which file is served', async () => {
    expect(await (await get(`${APP_ENTRY_URL}#/orders`)).text()).toContain('Pet Store Clerk');
    expect(await (await get('app://petstore/assets/index-abc.js?v=2')).text()).toBe('export const answer = 42;');
  });

  test('refuses every way out of the renderer folder, as NOT_FOUND with the CSP', async () => {
    for (const url of [
      'app://petstore/../main/index.js', // the URL parser folds this one to /main/index.js
      'app://petstore/%2e%2e/main/index.js',
      'app://petstore/..%2fmain%2findex.js',
      'app://petstore/..%2F..%2Fsecret.txt',
      'app://petstore/assets/..%2f..%2f..%2fsecret.txt',
      'app://petstore/..%5cmain%5cindex.js',
      'app://petstore/assets%5c..%5c..%5cmain%5cindex.js',
      'app://petstore/%2e%2e%2frenderer-secrets%2fkey.txt',
      'app://petstore/index.html%00.js',
      'app://petstore/%E0%A4%A', // broken percent-encoding
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.json(), url).toEqual({ code: 'NOT_FOUND', status: 404, message: 'No such page' });
      expect(response.headers.get('content-security-policy'), url).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  test('answers only its own origin, and a missing file or a folder is NOT_FOUND', async () => {
    for (const url of ['app://other/index.html', 'app://petstore.evil/index.html', 'file:///etc/passwd', 'app://petstore/nope.js', 'app://petstore/assets', 'app://petstore/assets/']) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  test('serves only GET: anything else is METHOD_NOT_ALLOWED', async () => {
    const response = await get(APP_ENTRY_URL, 'POST');
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
  });

  test('maps a URL to a file under the folder, or to nothing', () => {
    expect(rendererFileFor(rendererDir, 'app://petstore/assets/index-abc.js')).toBe(join(rendererDir, 'assets', 'index-abc.js'));
    expect(rendererFileFor(rendererDir, 'app://petstore/')).toBe(join(rendererDir, 'index.html'));
    expect(rendererFileFor(rendererDir, 'app://petstore/..%2f..%2fsecret.txt')).toBeNull();
    expect(rendererFileFor(`${rendererDir}/`, 'app://petstore/..%2frenderer-secrets/key.txt')).toBeNull();
  });
});
