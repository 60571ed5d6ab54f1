/**
 * Plain HTTP sent to the HTTPS listener gets an answer it can read: a 400 Error object saying to use
 * https://, then the connection closes (docs/decisions.md#https-off-loopback). Each new connection's
 * first byte is looked at once: a TLS handshake record (0x16) goes on to the TLS server untouched.
 */
import type { Socket } from 'node:net';
import type { Server as TlsServer } from 'node:tls';
import { StoreError } from '../../../src-shared/errors';
import { rawErrorAnswer } from '../http-errors';

/** The first byte of a TLS record that carries a handshake (a ClientHello opens every connection). */
const TLS_HANDSHAKE = 0x16;
/** How long a refused client may take to read the answer and close before its connection is cut. */
const REFUSAL_LINGER_MS = 2_000;

type ConnectionListener = (this: TlsServer, socket: Socket) => void;

/**
 * Puts the first-byte check in front of the TLS server's own connection handling. `idleMs`: a
 * connection that sends nothing in that time is closed (as the HTTP server closes a silent request).
 * Answers a function that cuts the connections still waiting for their first byte (a stopping
 * listener's: the HTTP server does not know them yet, so its own cut misses them).
 */
export function refusePlainHttp(server: TlsServer, idleMs: number): () => void {
  const tlsListeners = server.listeners('connection') as ConnectionListener[];
  const waiting = new Set<Socket>();
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    // Until TLS owns the socket, its errors (a client resetting) are nobody else's to hear.
    socket.on('error', () => socket.destroy());
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
    const silent = () => socket.destroy();
    socket.setTimeout(idleMs);
    socket.once('timeout', silent);
    socket.once('data', (first: Buffer) => {
      waiting.delete(socket);
      socket.setTimeout(0);
      socket.off('timeout', silent);
      socket.pause();
      if (first[0] === TLS_HANDSHAKE) {
        socket.unshift(first); // the TLS socket reads what is buffered before its handle
        for (const listener of tlsListeners) listener.call(server, socket);
      } else {
        refuse(socket, first);
      }
    });
  });
  return () => {
    for (const socket of waiting) socket.destroy();
  };
}

/** Answers 400 on the raw socket and lets the client read it: what it still sends is read and dropped, so closing does not reset. */
function refuse(socket: Socket, first: Buffer): void {
  const address = `https://${hostOf(first) ?? urlHost(socket.localAddress ?? '127.0.0.1')}:${socket.localPort}`;
  socket.end(rawErrorAnswer(new StoreError('MALFORMED_REQUEST', `This server speaks HTTPS: use ${address}`)));
  socket.resume();
  setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
}

/** The host name of the request's Host header, when the first bytes hold one that is only a name or an address. */
function hostOf(first: Buffer): string | undefined {
  const header = /\r\nhost:[ \t]*([^\r\n]*)/i.exec(first.toString('latin1'))?.[1]?.trim();
  const host = header && /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(:\d{1,5})?$/.exec(header)?.[1];
  return host || undefined;
}

/** An address as a URL writes it: IPv6 in brackets, an IPv4 address mapped into IPv6 as itself. */
function urlHost(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  return address.includes(':') ? `[${address}]` : address;
}
