import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Handlers } from '../../src-main/service/handler-types';
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/server';
import type { TestStore } from '../helpers/temp-store';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  type: string | undefined;
  body: string;
}

/** One raw HTTP request (node:http, so that Host, Origin and Sec-Fetch-Site are ours to set). */
export function send(url: string, path: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path, method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, type: response.headers['content-type'], body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A browser host on the test store, serving a tiny renderer build (index.html and main.js) from its temp dir. */
export async function startTestHost(t: TestStore, handlers?: Partial<Handlers>): Promise<BrowserHost> {
  const rendererDir = join(t.dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
  writeFileSync(join(rendererDir, 'main.js'), 'console.log(1)');
  return startBrowserHost({ store: t.store, handlers, rendererDir });
}
