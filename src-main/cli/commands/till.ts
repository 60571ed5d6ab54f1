import { parseArgs } from 'node:util';
import type { PairingCode, Till } from '../../../src-shared/schemas/till';
import type { CommandContext } from '../context';
import { openAnyStore } from '../../host/open-any-store';
import { databaseOf } from '../database-option';
import { CliError, printError, refuseExtraArguments } from '../output';
import { isPostgresUrl } from '../../db/postgres/pool';
import { shopCertificate } from '../../rest/tls/shop-certificate';
import { provideShopServer } from '../../service/shop-server';
import { CERT_DIR_ON_A_FILE, certificateBaseIn } from '../cert-dir-option';

export const TILL_USAGE = `petstore till pair [--db FILE|URL] [--cert-dir DIR] [--json]
petstore till list [--all] [--db FILE|URL] [--json]
petstore till revoke ID [--db FILE|URL]
  Tills of other counters, on the shop server's machine. pair makes a one-time code (10 minutes) and says the
  address and certificate fingerprint a till enters; revoke stops a till at its next call.
  --cert-dir  on PostgreSQL, the folder of the shop certificate, as \`petstore serve --cert-dir\` has it`;

/**
 * A pairing code carries the certificate of the server the till will call: beside a SQLite file, or
 * on PostgreSQL in the folder every `petstore serve --cert-dir` of the shop presents it from.
 */
const PAIR_NEEDS_CERT_DIR =
  'till pair on PostgreSQL needs --cert-dir DIR: the folder of the shop certificate, the one `petstore serve --cert-dir` is given';

/** The ID of `till revoke`, checked before the database is opened. */
function tillId(given: string | undefined): number {
  const hint = '(see `petstore till list`)';
  if (given === undefined) throw new CliError(`till revoke needs a till id ${hint}`, 2);
  if (!/^\d+$/.test(given) || !Number.isSafeInteger(Number(given))) throw new CliError(`"${given}" is not a till id ${hint}`, 2);
  return Number(given);
}

/** The shop certificate's base on PostgreSQL, for pair: checked before the database is opened. */
function certificateBaseFor(action: string, db: string, certDir: string | undefined, cli: CommandContext): string | undefined {
  if (certDir !== undefined && action !== 'pair') throw new CliError(`--cert-dir is for till pair, not till ${action}`, 2);
  if (!isPostgresUrl(db)) {
    if (certDir !== undefined) throw new CliError(CERT_DIR_ON_A_FILE, 2);
    return undefined;
  }
  if (action === 'pair' && certDir === undefined) throw new CliError(PAIR_NEEDS_CERT_DIR, 2);
  return certificateBaseIn(certDir, cli);
}

export async function till(args: string[], cli: CommandContext): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      all: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'cert-dir': { type: 'string' },
    },
  });
  if (action !== 'pair' && action !== 'list' && action !== 'revoke') throw new CliError(TILL_USAGE, 2);
  refuseExtraArguments(positionals, `till ${action}`, action === 'revoke' ? 'till id' : undefined);
  const id = action === 'revoke' ? tillId(positionals[0]) : 0;
  // A till pairs with a shop that exists: none of these starts a new database.
  const db = databaseOf(values.db, cli);
  const certificateBase = certificateBaseFor(action, db, values['cert-dir'], cli);
  const store = await openAnyStore(db, action === 'list' ? 'read-only' : 'must-exist', cli);
  try {
    if (action === 'pair') {
      // The file's certificate is provided as the store opens (host/shop-server.ts); PostgreSQL's is the folder's.
      if (certificateBase) provideShopServer(store.steps, { fingerprint: () => shopCertificate(certificateBase).fingerprint });
      const result = await store.call('tills.pairingCode', {});
      if (!result.ok) printError(result.error);
      const made = result.data as PairingCode;
      if (values.json) return cli.print(JSON.stringify(made));
      cli.print(`Pairing code: ${made.code}  (one till, until ${made.expiresAt})`);
      for (const address of made.addresses) cli.print(`Server address: ${address}`);
      cli.print(`Certificate fingerprint (SHA-256): ${made.fingerprint}`);
      if (made.addressNote) cli.warn(made.addressNote);
    } else if (action === 'list') {
      const result = await store.call('tills.list', { includeRevoked: values.all });
      if (!result.ok) printError(result.error);
      const tills = result.data as Till[];
      if (values.json) cli.print(JSON.stringify(tills));
      else if (!tills.length) cli.print('No tills.');
      else {
        for (const t of tills) {
          const state = t.revokedAt ? `revoked ${t.revokedAt}` : `last used ${t.lastUsedAt ?? 'never'}`;
          cli.print(`${String(t.id).padStart(4)}  ${t.name}  (paired ${t.pairedAt}, ${state})`);
        }
      }
    } else {
      const listed = await store.call('tills.list', { includeRevoked: true });
      const before = listed.ok ? (listed.data as Till[]).find((t) => t.id === id) : undefined;
      const result = await store.call('tills.revoke', { tillId: id });
      if (!result.ok) printError(result.error);
      // Revoking twice is harmless (a script may retry), but say which happened.
      cli.print(before?.revokedAt ? `Till ${id} was already revoked (${before.revokedAt}).` : `Till ${id} (${before?.name ?? ''}) revoked.`);
    }
  } finally {
    await store.close();
  }
}
