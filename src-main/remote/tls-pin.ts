import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { isIP } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { StoreError } from '../../src-shared/errors';
import type { Fingerprint } from '../rest/tls/shop-certificate';

export type { Fingerprint };

const READ_TIMEOUT_MS = 5_000;

/** host and port of an https origin; anything else is a mistake of the caller's input. */
function httpsOrigin(origin: string): { host: string; port: number } {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new StoreError('VALIDATION_FAILED', `${JSON.stringify(origin)} is not an address (expected https://host:port)`);
  }
  if (url.protocol !== 'https:') throw new StoreError('VALIDATION_FAILED', `The shop server's address must start with https://, not ${url.protocol}//`);
  // URL keeps IPv6 hosts in brackets; tls.connect wants them bare.
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || 443) };
}

/** The name sent in the handshake: TLS allows a host name there, never an IP address. */
const serverName = (host: string) => (isIP(host) ? undefined : host);

const unreachable = (origin: string, why: string) => new StoreError('SERVER_UNREACHABLE', `The shop server at ${origin} did not answer: ${why}`);

/** Opens a TLS connection to `origin` (https://host:port), returns the certificate's fingerprint; sends nothing. */
export async function readFingerprint(origin: string, timeoutMs = READ_TIMEOUT_MS): Promise<Fingerprint> {
  const { host, port } = httpsOrigin(origin);
  return new Promise((resolve, reject) => {
    // Not verified against a CA: the certificate is self-made, and its fingerprint is what the caller checks.
    const socket: TLSSocket = tlsConnect({ host, port, servername: serverName(host), rejectUnauthorized: false });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(unreachable(origin, `no TLS handshake within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const fingerprint = socket.getPeerCertificate().fingerprint256;
      socket.destroy();
      if (fingerprint) resolve(fingerprint);
      else reject(unreachable(origin, 'it presented no certificate'));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(unreachable(origin, error.code ?? error.message));
    });
  });
}

export const certificateChanged = (seen: string, pinned: Fingerprint) =>
  new StoreError(
    'SERVER_CERTIFICATE_CHANGED',
    `The shop server presented another certificate (SHA-256 ${seen}) than the one this till paired with (${pinned}): nothing was sent. Pair the till again if the server really changed.`,
  );

/**
 * A dispatcher for undici's fetch/EventSource whose connections accept only this certificate
 * (any other: the request fails with StoreError SERVER_CERTIFICATE_CHANGED before a byte is sent).
 * undici's fetch rejects with TypeError('fetch failed') whose `cause` is that error: see `tillCallFailure`.
 */
export function pinnedDispatcher(fingerprint: Fingerprint): Dispatcher {
  // The pin replaces CA and host-name checks; no TLS session reuse, so every connection shows its certificate.
  const connectTls = buildConnector({ rejectUnauthorized: false, maxCachedSessions: 0 });
  return new Agent({
    connect(options, callback) {
      connectTls(options, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no socket'), null);
        // undici answers here once the handshake is done, before it writes the request.
        const seen = (socket as TLSSocket).getPeerCertificate?.().fingerprint256;
        if (seen === fingerprint) return callback(null, socket);
        socket.destroy();
        callback(seen ? certificateChanged(seen, fingerprint) : new StoreError('SERVER_CERTIFICATE_CHANGED', 'The shop server answered without TLS: nothing was sent.'), null);
      });
    },
  });
}

/**
 * The StoreError a failed call through a pinned dispatcher stands for: the pin's own refusal as it
 * is, anything else on the way (refused, reset, timed out) SERVER_UNREACHABLE.
 */
export function tillCallFailure(error: unknown, origin: string): StoreError {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof StoreError) return cause;
  }
  const why = error instanceof Error ? ((error.cause as NodeJS.ErrnoException | undefined)?.code ?? error.message) : String(error);
  return unreachable(origin, why);
}
