import { parseArgs } from 'node:util';
import type { PairingCode, Till } from '../../../src-shared/schemas/till';
import type { CommandContext } from '../context';
import { openAnyStore } from '../../host/open-any-store';
import { databaseOf } from '../database-option';
import { CliError, printError, refuseExtraArguments } from '../output';
import { isPostgresUrl } from '../../db/postgres/pool';

export const TILL_USAGE = `petstore till pair [--db FILE] [--json]
petstore till list [--all] [--db FILE] [--json]
petstore till revoke ID [--db FILE]
  Tills of other counters, on the shop server's machine. pair makes a one-time code (10 minutes) and says the
  address and certificate fingerprint a till enters; revoke stops a till at its next call.`;

/**
 * A pairing code carries the certificate of the server the till will call, made by `petstore serve`
 * beside its SQLite file: pairing comes to PostgreSQL with serve (docs/decisions.md#the-cli-on-postgresql).
 */
const PAIR_ON_POSTGRES =
  'till pair needs the shop server: a till pairs with the server `petstore serve` runs and its certificate, and serve runs on a SQLite file for now. ' +
  'till list and till revoke work on PostgreSQL.';

/** The ID of `till revoke`, checked before the database is opened. */
function tillId(given: string | undefined): number {
  const hint = '(see `petstore till list`)';
  if (given === undefined) throw new CliError(`till revoke needs a till id ${hint}`, 2);
  if (!/^\d+$/.test(given) || !Number.isSafeInteger(Number(given))) throw new CliError(`"${given}" is not a till id ${hint}`, 2);
  return Number(given);
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
    },
  });
  if (action !== 'pair' && action !== 'list' && action !== 'revoke') throw new CliError(TILL_USAGE, 2);
  refuseExtraArguments(positionals, `till ${action}`, action === 'revoke' ? 'till id' : undefined);
  const id = action === 'revoke' ? tillId(positionals[0]) : 0;
  // A till pairs with a shop that exists: none of these starts a new database.
  const db = databaseOf(values.db, cli);
  if (action === 'pair' && isPostgresUrl(db)) throw new CliError(PAIR_ON_POSTGRES);
  const store = await openAnyStore(db, action === 'list' ? 'read-only' : 'must-exist', cli);
  try {
    if (action === 'pair') {
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
