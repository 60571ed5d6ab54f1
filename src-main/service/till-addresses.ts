import { hostname, networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../../src-shared/thresholds';
import type { ListenerPlace } from './shop-server';

const WILDCARDS = new Set(['0.0.0.0', '::', '::0']);

const withPort = (host: string, port: number) => `https://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The addresses a till on the network enters for a listener bound to `host`: each of this machine's
 * network addresses (IPv4, then IPv6 for an IPv6 wildcard) and `<host name>.local`; none on loopback.
 */
export function networkAddresses(host: string, port: number): string[] {
  if (isLoopbackHost(host)) return [];
  if (!WILDCARDS.has(host)) return [withPort(host, port)];
  const addresses: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const { address, family, internal } of entries ?? []) {
      // Link-local IPv6 needs a zone a till cannot type; 0.0.0.0 serves IPv4 only.
      if (internal || /^fe80:/i.test(address) || (family === 'IPv6' && host === '0.0.0.0')) continue;
      addresses.push(withPort(address, port));
    }
  }
  const name = hostname().toLowerCase();
  if (name) addresses.push(withPort(name.endsWith('.local') ? name : `${name}.local`, port));
  return addresses;
}

/**
 * What a till enters as the shop server's address (https://<address>:<port>), or why there is none
 * yet. `fromSettings`: this process has no listener (the CLI), so the place is where `petstore
 * serve` listens by the settings.
 */
export function tillAddresses(place: ListenerPlace, fromSettings: boolean): { addresses: string[]; addressNote: string | null } {
  const switchOn = 'press “Serve tills on this network” (Settings > Integrations), or run `petstore serve --host 0.0.0.0` on this machine';
  // The CLI only knows the saved settings: a `petstore serve --host …` running now prints its own addresses.
  const byTheSettings = fromSettings ? 'By the saved settings, the' : 'The';
  const orRunning = fromSettings ? ' (a `petstore serve --host 0.0.0.0` already running prints the addresses to enter)' : '';
  if (!place.running) return { addresses: [], addressNote: `The REST listener is off: ${switchOn}.` };
  if (isLoopbackHost(place.host)) return { addresses: [], addressNote: `${byTheSettings} REST listener serves this machine only (${place.host}): ${switchOn}${orRunning}.` };
  const addresses = networkAddresses(place.host, place.port);
  if (!addresses.length) return { addresses: [], addressNote: 'This machine has no network address: connect it to the shop\'s network.' };
  return { addresses, addressNote: fromSettings ? 'These are where `petstore serve` listens by the settings: it must be running.' : null };
}
