import { networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../../src-shared/thresholds';
import type { ListenerPlace } from './shop-server';

const WILDCARDS = new Set(['0.0.0.0', '::', '::0']);

/** This machine's addresses other machines can reach: no loopback, no IPv6 link-local (it needs a zone a till cannot type). */
function networkAddresses(): string[] {
  const found: string[] = [];
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address, family, internal } of addresses ?? []) {
      if (internal || (family === 'IPv6' && /^fe80:/i.test(address))) continue;
      found.push(family === 'IPv6' ? `[${address}]` : address);
    }
  }
  return found;
}

/**
 * What a till enters as the shop server's address (https://<address>:<port>), or why there is none
 * yet. `fromSettings`: this process has no listener (the CLI), so the place is where `petstore
 * serve` listens by the settings.
 */
export function tillAddresses(place: ListenerPlace, fromSettings: boolean): { addresses: string[]; addressNote: string | null } {
  const switchOn = 'press “Serve tills on this network” (Settings > Integrations), or run `petstore serve --host 0.0.0.0` on this machine';
  if (!place.running) return { addresses: [], addressNote: `The REST listener is off: ${switchOn}.` };
  if (isLoopbackHost(place.host)) return { addresses: [], addressNote: `The REST listener serves this machine only (${place.host}): ${switchOn}.` };
  const hosts = WILDCARDS.has(place.host) ? networkAddresses() : [place.host.includes(':') ? `[${place.host}]` : place.host];
  if (!hosts.length) return { addresses: [], addressNote: 'This machine has no network address: connect it to the shop\'s network.' };
  const addresses = hosts.map((host) => `https://${host}:${place.port}`);
  return { addresses, addressNote: fromSettings ? 'These are where `petstore serve` listens by the settings: it must be running.' : null };
}
