/**
 * How the REST suite reaches its listeners: plain HTTP, or HTTPS with the shop certificate when
 * PETSTORE_TEST_HTTPS=1 (vitest.config.ts runs test/rest both ways).
 */
import { createHash, createPublicKey } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { urlToHttpOptions } from 'node:url';
import { inject } from 'vitest';
import { shopCertFile, shopKeyFile } from '../../../src-main/rest/tls/shop-certificate';

export const HTTPS = process.env.PETSTORE_TEST_HTTPS === '1';
export const SCHEME = HTTPS ? 'https' : 'http';

/** The run's shop certificate (https-global-setup.ts); only in the HTTPS run. */
export function testCertificate() {
  if (!HTTPS) throw new Error('The test certificate exists in the HTTPS run only');
  return inject('restTls');
}

/** What a test listener is started with: the run's certificate over HTTPS, nothing over HTTP. */
export const listenerTlsOption = () => (HTTPS ? { key: testCertificate().key, cert: testCertificate().cert } : undefined);

/** Puts the run's certificate beside `databaseFile`, so that `petstore serve` on it serves the pinned one. */
export function placeTestCertificate(databaseFile: string): void {
  const shared = testCertificate().databaseFile;
  copyFileSync(shopKeyFile(shared), shopKeyFile(databaseFile));
  copyFileSync(shopCertFile(shared), shopCertFile(databaseFile));
}

/**
 * Trusts exactly the run's certificate (its own CA) and skips the name check: tests send Host
 * headers of other names on purpose, and node:https would check the certificate against those.
 */
const pinnedTls = () => ({ ca: testCertificate().cert, checkServerIdentity: () => undefined });

/** node:http's request, or node:https's trusting exactly the run's certificate; a URL's scheme is the run's. */
export function rawRequest(target: http.RequestOptions | string, callback?: (response: http.IncomingMessage) => void): http.ClientRequest {
  const options = typeof target === 'string' ? urlToHttpOptions(new URL(target)) : target;
  if (!HTTPS) return http.request(options, callback);
  return https.request({ ...options, ...pinnedTls() }, callback);
}

/** An agent of the run's scheme (keep-alive tests), trusting the run's certificate over HTTPS. */
export function rawAgent(options: http.AgentOptions = {}): http.Agent {
  return HTTPS ? new https.Agent({ ...options, ...pinnedTls() }) : new http.Agent(options);
}

/** Chromium's flags for the run: over HTTPS it accepts the run's certificate by its key's SHA-256, and no other. */
export function chromiumPinArgs(): string[] {
  if (!HTTPS) return [];
  const spki = createPublicKey(testCertificate().cert).export({ type: 'spki', format: 'der' });
  return [`--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`];
}

/** A raw connection to a listener for bytes HTTP clients will not send: TCP, or TLS over it in the HTTPS run. */
export function connectRaw(port: number, host = '127.0.0.1', onConnect?: () => void): Socket {
  if (!HTTPS) return netConnect(port, host, onConnect);
  // 'secureConnect': the handshake is done, so what is written next is the HTTP request itself.
  return tlsConnect({ port, host, ...pinnedTls() }, onConnect);
}
