/**
 * The app:// protocol's handler: the built renderer's files (out/renderer) and nothing else, each
 * with the CSP. Unlike a file:// page, a page served here can reach no other file on the machine.
 * Free of Electron (Fetch API Request/Response) so the Node tests run this very handler.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { StoreError } from '../../../src-shared/errors';
import { APP_ORIGIN } from '../../ipc/own-pages';
import { CONTENT_SECURITY_POLICY } from '../../host/csp';
import { contentTypeOf } from '../../host/renderer-files';

/** The headers of every answer: the CSP, and no guessing of a type other than the one sent. */
export function rendererHeaders(contentType: string): Record<string, string> {
  return { 'Content-Type': contentType, 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' };
}

/**
 * The file under `rendererDir` that `url` names, or null for a URL of another origin or one that
 * leads out of the folder (`..` however encoded, with slashes, or backslashes on Windows).
 */
export function rendererFileFor(rendererDir: string, url: string): string | null {
  if (!url.startsWith(`${APP_ORIGIN}/`)) return null;
  const { pathname } = new URL(url);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null; // a broken percent-encoding
  }
  const root = resolve(rendererDir);
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  return file.startsWith(root + sep) ? file : null;
}

/** Answers one app:// request from the built renderer in `rendererDir`. */
export async function serveRenderer(rendererDir: string, request: Request): Promise<Response> {
  if (request.method !== 'GET') return refusal(new StoreError('METHOD_NOT_ALLOWED', `${request.method} is not served here`));
  const file = rendererFileFor(rendererDir, request.url);
  if (!file) return refusal(new StoreError('NOT_FOUND', 'No such page'));
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return refusal(new StoreError('NOT_FOUND', 'No such page')); // missing, or a folder
  }
  return new Response(new Uint8Array(body), { status: 200, headers: rendererHeaders(contentTypeOf(file)) });
}

function refusal(error: StoreError): Response {
  return new Response(JSON.stringify(error.toBody()), { status: error.status, headers: rendererHeaders('application/json') });
}
