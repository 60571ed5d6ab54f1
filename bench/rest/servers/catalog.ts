import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from '../dataset';
import type { PostgresDatabase } from '../postgres-dataset';
import type { Dialect } from '../scenarios';

export type ServerId = 'bare-http' | 'fastify-fixed' | 'bare-sqlite' | 'petstore' | 'petstore-baseline' | 'bare-pg' | 'petstore-pg' | 'json-server';

export interface ServerDef {
  id: ServerId;
  /** The column heading. */
  label: string;
  /** Why it is in the comparison. */
  role: string;
  dialect: Dialect;
  /** Its store's database on the benchmark's PostgreSQL cluster, whose CPU counts as the server's. */
  postgres?: PostgresDatabase;
  /** Whether its answers carry real data (false: fixed bodies, checked for shape only). */
  exact: boolean;
  readyPath: string;
  /** The node arguments, given the port, the data and extra node flags (profiling). */
  command(context: { root: string; port: number; data: Dataset; token: string; nodeFlags: string[] }): { args: string[]; env?: NodeJS.ProcessEnv };
}

const TSX = ['--import', 'tsx'];

/**
 * `petstore serve` as a user starts it: `npx petstore serve` runs `bin/petstore.mjs` under the node
 * flags of its `#!/usr/bin/env -S node …` line (as does `npm run serve`), so those flags come first.
 * A checkout whose line names none (older ones) gets none.
 */
function petstoreCommand(checkout: string): string[] {
  const bin = join(checkout, 'bin/petstore.mjs');
  const shebang = readFileSync(bin, 'utf8').split('\n', 1)[0]!;
  const flags = shebang.replace(/^#!\s*\/usr\/bin\/env\s+(-S\s+)?node\b/, '').trim();
  return [...(flags ? flags.split(/\s+/) : []), bin];
}

/** The seven servers, in the table's order. Every one binds 127.0.0.1 only. */
export const SERVERS: ServerDef[] = [
  {
    id: 'bare-http',
    label: '(a) bare node:http',
    role: 'the ceiling: fixed JSON bodies, no work',
    dialect: 'v1',
    exact: false,
    readyPath: '/',
    command: ({ root, port, nodeFlags }) => ({ args: [...nodeFlags, ...TSX, join(root, 'bench/rest/servers/bare-http.ts'), '--port', String(port)] }),
  },
  {
    id: 'fastify-fixed',
    label: '(f) Fastify, fixed bodies',
    role: "the framework's floor: (a)'s fixed bodies through Fastify's routing and reply",
    dialect: 'v1',
    exact: false,
    readyPath: '/',
    command: ({ root, port, nodeFlags }) => ({ args: [...nodeFlags, ...TSX, join(root, 'bench/rest/servers/fastify-fixed.ts'), '--port', String(port)] }),
  },
  {
    id: 'bare-sqlite',
    label: '(b) node:http + better-sqlite3',
    role: 'the practical limit: the same SQL, nothing else',
    dialect: 'v1',
    exact: true,
    readyPath: '/',
    command: ({ root, port, data, nodeFlags }) => ({
      args: [...nodeFlags, ...TSX, join(root, 'bench/rest/servers/bare-sqlite.ts'), '--port', String(port), '--db', data.bareSqliteDb],
    }),
  },
  {
    id: 'petstore',
    label: 'petstore serve',
    role: 'the product: the headless server (Fastify, auth, validation, rate limit)',
    dialect: 'v1',
    exact: true,
    readyPath: '/health',
    command: ({ root, port, data, token, nodeFlags }) => ({
      args: [...nodeFlags, ...petstoreCommand(root), 'serve', '--db', data.petstoreDb, '--port', String(port), '--host', '127.0.0.1'],
      env: { PETSTORE_API_TOKEN: token },
    }),
  },
  {
    id: 'bare-pg',
    label: '(p) node:http + pg',
    role: "the practical limit on PostgreSQL: the repositories' queries, nothing else",
    dialect: 'v1',
    postgres: 'bare',
    exact: true,
    readyPath: '/',
    command: ({ root, port, data, nodeFlags }) => ({
      args: [...nodeFlags, ...TSX, join(root, 'bench/rest/servers/bare-postgres.ts'), '--port', String(port), '--db', data.postgres!.bareUrl],
    }),
  },
  {
    id: 'petstore-pg',
    label: 'petstore serve, PostgreSQL',
    role: 'the product on PostgreSQL: `petstore serve --db postgres://…`',
    dialect: 'v1',
    postgres: 'petstore',
    exact: true,
    readyPath: '/health',
    command: ({ root, port, data, token, nodeFlags }) => ({
      args: [...nodeFlags, ...petstoreCommand(root), 'serve', '--db', data.postgres!.petstoreUrl, '--port', String(port), '--host', '127.0.0.1'],
      env: { PETSTORE_API_TOKEN: token },
    }),
  },
  {
    id: 'json-server',
    label: '(c) json-server 0.17',
    role: 'the peer: a quick local REST store from a JSON file',
    dialect: 'json-server',
    exact: true,
    readyPath: '/categories',
    command: ({ root, port, data, nodeFlags }) => ({
      // --quiet: no request log on stdout (the store logs none either).
      args: [...nodeFlags, join(root, 'node_modules/json-server/lib/cli/bin.js'), '--quiet', '--host', '127.0.0.1', '--port', String(port), data.jsonServerDb],
    }),
  },
];

/**
 * `--baseline DIR`: the headless server of another checkout (e.g. an earlier commit unpacked with
 * `git archive`, with a node_modules link), on its own copy of the same data, measured beside
 * this one: before/after figures for a change, from one run on one machine state.
 */
export function baselineServer(checkout: string, flags: string[] = []): ServerDef {
  const petstore = SERVERS.find((server) => server.id === 'petstore')!;
  return {
    ...petstore,
    id: 'petstore-baseline',
    label: 'petstore serve (baseline)',
    role: `the headless server of ${checkout}${flags.length ? ` under ${flags.join(' ')}` : ''}`,
    command: ({ port, data, token, nodeFlags }) => ({
      args: [...nodeFlags, ...flags, ...petstoreCommand(checkout), 'serve', '--db', data.baselineDb!, '--port', String(port), '--host', '127.0.0.1'],
      env: { PETSTORE_API_TOKEN: token },
    }),
  };
}
