import type { AddressInfo } from 'node:net';
import type { Handlers } from '../service/handler-types';
import type { Store } from '../service/store';
import { buildRestApp } from './app';

export interface ListenerOptions {
  store: Store;
  handlers?: Partial<Handlers>;
  host: string;
  /** 0 picks a free port. */
  port: number;
  presetToken?: string;
  heartbeatMs?: number;
}

export interface RunningListener {
  host: string;
  port: number;
  /** The API's base address, e.g. http://127.0.0.1:8787/v1 */
  url: string;
  /** Stops accepting, lets in-flight requests finish, ends event streams. */
  close(): Promise<void>;
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** Starts the REST listener on host:port. */
export async function startListener(options: ListenerOptions): Promise<RunningListener> {
  const { app, endStreams } = await buildRestApp(options);
  await app.listen({ host: options.host, port: options.port });
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    host: options.host,
    port,
    url: `http://${urlHost(options.host)}:${port}/v1`,
    close() {
      closing ??= (async () => {
        endStreams();
        await app.close();
      })();
      return closing;
    },
  };
}
