import { hostname, networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../../../src-shared/thresholds';

const WILDCARDS = new Set(['0.0.0.0', '::', '::0']);

const withPort = (host: string, port: number) => `https://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The addresses a till on the network enters for a listener bound to `host`: each of this machine's
 * network addresses (IPv4, then IPv6 for an IPv6 wildcard) and `<host name>.local`; none on loopback.
 */
export function tillAddresses(host: string, port: number): string[] {
  if (isLoopbackHost(host)) return [];
  if (!WILDCARDS.has(host)) return [withPort(host, port)];
  const addresses: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const { address, family, internal } of entries ?? []) {
      // Link-local IPv6 needs a zone a till cannot type; 0.0.0.0 serves IPv4 only.
      if (internal || address.startsWith('fe80:') || (family === 'IPv6' && host === '0.0.0.0')) continue;
      addresses.push(withPort(address, port));
    }
  }
  const name = hostname().toLowerCase();
  if (name) addresses.push(withPort(name.endsWith('.local') ? name : `${name}.local`, port));
  return addresses;
}
