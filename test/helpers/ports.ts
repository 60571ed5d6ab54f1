import { createServer, type AddressInfo, type Server } from 'node:net';

/** A server listening on a free loopback port (to make a port busy); close it when done. */
export async function occupyPort(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return server;
}

/** A port nobody listens on right now (listenerPort must be 1–65535, so 0 cannot be asked for). */
export async function freePort(): Promise<number> {
  const server = await occupyPort();
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
