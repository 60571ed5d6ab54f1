/**
 * What the probes (per-process.ts, heap-probe.ts, rounds.ts) share: the 100,000-pet database,
 * made once in /tmp/petstore-per-process and reused, the token, how a variant names its server,
 * and how that server is started.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onServerCore, type Pinning } from './cpu-pinning';
import { prepareDataset, type Dataset } from './dataset';
import { freePort, startServer, type ServerProcess } from './processes';
import { SERVERS, type ServerDef } from './servers/catalog';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PROBE_DATA_DIR = '/tmp/petstore-per-process';
const PROBE_TOKEN = 'bench_token_0123456789abcdefghijklmnop';

/** The probes' database and the JSON that describes it: read when it exists, made otherwise. */
export function probeDataset(): Dataset {
  mkdirSync(PROBE_DATA_DIR, { recursive: true });
  const dataFile = join(PROBE_DATA_DIR, 'dataset.json');
  if (existsSync(dataFile)) return JSON.parse(readFileSync(dataFile, 'utf8')) as Dataset;
  const data = prepareDataset(ROOT, PROBE_DATA_DIR, 100_000, 100);
  writeFileSync(dataFile, JSON.stringify(data));
  return data;
}

/** What the probes' requests need to know of the dataset: the pets to ask for, the token to send. */
export const probeLoadContext = (data: Dataset) => ({ pets: data.pets, orderPetIds: data.orderPetIds, token: PROBE_TOKEN });

/**
 * A variant: `petstore` or `bare-sqlite`, optionally `@CHECKOUT` (another checkout's server, with
 * its node_modules linked) and `+FLAG` node flags: `petstore+--max-semi-space-size=32`.
 */
export function parseVariant(variant: string): { server: ServerDef; checkout: string; nodeFlags: string[] } {
  const [head, ...nodeFlags] = variant.split('+');
  const [serverId, checkout = ROOT] = head!.split('@');
  const server = SERVERS.find((candidate) => candidate.id === serverId);
  if (!server) throw new Error(`unknown server ${serverId}`);
  return { server, checkout, nodeFlags };
}

/**
 * Starts a variant's server on the server core, on the probes' database, and waits until it
 * answers. `extraNodeFlags` come before the variant's own (`--trace-gc` for the heap probe).
 */
export async function startVariant(
  variant: string,
  pinning: Pinning,
  data: Dataset,
  options: { extraNodeFlags?: string[]; onOutput?: (text: string) => void } = {},
): Promise<ServerProcess> {
  const { server, checkout, nodeFlags } = parseVariant(variant);
  const port = await freePort();
  const { args, env } = server.command({ root: checkout, port, data, token: PROBE_TOKEN, nodeFlags: [...(options.extraNodeFlags ?? []), ...nodeFlags] });
  const [command, commandArgs] = onServerCore(pinning, process.execPath, args);
  return startServer({ name: variant, command, args: commandArgs, env, port, cwd: checkout, readyPath: server.readyPath, onOutput: options.onOutput });
}
