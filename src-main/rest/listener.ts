import type { AddressInfo } from 'node:net';
import { buildRestApp, type RestAppOptions } from './app';

export interface ListenerOptions extends RestAppOptions {
  /** 0 picks a free port. */
  port: number;
}

export interface RunningListener {
  host: string;
  port: number;
  /** The API's base address, e.g. http://127.0.0.1:8787/v1 (https:// when it speaks TLS) */
  url: string;
  /** Whether it speaks HTTPS. */
  https: boolean;
  /** Stops accepting, lets in-flight requests finish, ends event streams. */
  close(): Promise<void>;
}

/**
 * The host part of the address to call: a wildcard bind (every interface) is called on loopback
 * from this machine, since `http://0.0.0.0:…` is not an address a client can use.
 */
const urlHost = (host: string) => {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '::0') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
};

/** How long a stop waits for requests in flight before cutting their connections. */
const STOP_GRACE_MS = 10_000;
const SWEEP_MS = 25;

/** Starts the REST listener on host:port. */
export async function startListener(options: ListenerOptions): Promise<RunningListener> {
  const { app, endStreams, refuseNewRequests } = await buildRestApp(options);
  // Requests between arrival and the end of their answer (finished or aborted).
  let inFlight = 0;
  // One shared listener, not a closure and a once-wrapper per request: a response closes once.
  const finished = () => inFlight--;
  app.server.on('request', (_request, response) => {
    inFlight++;
    response.on('close', finished);
  });
  await app.listen({ host: options.host, port: options.port });
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    host: options.host,
    port,
    url: `${options.tls ? 'https' : 'http'}://${urlHost(options.host)}:${port}/v1`,
    https: !!options.tls,
    close() {
      closing ??= (async () => {
        refuseNewRequests(); // requests on connections already open: 503 SERVICE_BUSY, Connection: close
        endStreams();
        const closed = app.close(); // stops accepting
        // Connections do not end by themselves: kept-alive ones idle for seconds, and spare ones
        // that never sent a request are never "idle" to Node. Once nothing is in flight, cut them.
        const sweep = setInterval(() => {
          if (inFlight === 0) app.server.closeAllConnections();
          else app.server.closeIdleConnections();
        }, SWEEP_MS);
        const giveUp = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
        try {
          await closed;
        } finally {
          clearInterval(sweep);
          clearTimeout(giveUp);
        }
      })();
      return closing;
    },
  };
}
