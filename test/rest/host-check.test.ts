/**
 * The Host check against DNS rebinding, by bind address: a listener bound to every interface
 * (`--host 0.0.0.0`) answers requests addressed to this machine's own addresses and name, as other
 * machines send them; one bound to loopback does not. A foreign name is refused either way.
 */
import { rawRequest as request } from './support/transport';
import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

/** This machine's addresses other machines would use (not loopback), as a Host header writes them. */
const ownAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry && !entry.internal)
  .map((entry) => (entry!.family === 'IPv6' ? `[${entry!.address}]` : entry!.address));

/** GET /v1/pets through 127.0.0.1 with the given Host header; the status and the error code. */
function getWithHost(server: TestServer, host: string): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.listener.port,
        path: '/v1/pets?limit=1',
        headers: { host, authorization: `Bearer ${server.readToken}` },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, code: res.statusCode === 200 ? undefined : JSON.parse(text).code }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('bound to every interface (0.0.0.0)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ host: '0.0.0.0' });
  });
  afterAll(() => server.close());

  test("answers requests addressed to this machine's own addresses and host name, with or without a port", async () => {
    const port = server.listener.port;
    const names = [...ownAddresses, hostname(), hostname().toUpperCase(), `${hostname()}.local`, 'localhost', '127.0.0.1'];
    for (const name of names) {
      expect(await getWithHost(server, `${name}:${port}`), name).toEqual({ status: 200, code: undefined });
      expect(await getWithHost(server, name), name).toEqual({ status: 200, code: undefined });
    }
  });

  test('still refuses a name that is not this machine (DNS rebinding) with 403 FORBIDDEN', async () => {
    for (const host of ['evil.example', `${hostname()}.evil.example`, '203.0.113.77', '[2001:db8::7]']) {
      expect(await getWithHost(server, host), host).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
  });
});

describe('bound to loopback (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test("refuses requests addressed to this machine's other addresses: they could not have reached it", async () => {
    for (const host of [...ownAddresses, hostname()].filter((name) => name.toLowerCase() !== 'localhost')) {
      expect(await getWithHost(server, host), host).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
  });
});
