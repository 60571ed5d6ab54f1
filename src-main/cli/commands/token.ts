import { parseArgs } from 'node:util';
import { TokenScope, type ApiToken } from '../../../src-shared/schemas/token';
import type { CommandContext } from '../context';
import { noteIfCreated } from '../../host/open-store';
import { openAnyStore } from '../../host/open-any-store';
import { databaseOf } from '../database-option';
import { CliError, printError, refuseExtraArguments } from '../output';

export const TOKEN_USAGE = `petstore token create --scope read|write [--label TEXT] [--db FILE] [--json]
petstore token list [--all] [--db FILE] [--json]
petstore token revoke ID [--db FILE]
  API tokens for the REST listener. The secret is printed once, at creation; only its hash is kept.`;

/** The ID of `token revoke`, checked before the database is opened. */
function tokenId(given: string | undefined): number {
  const hint = '(see `petstore token list`)';
  if (given === undefined) throw new CliError(`token revoke needs a token id ${hint}`, 2);
  if (!/^\d+$/.test(given) || !Number.isSafeInteger(Number(given))) throw new CliError(`"${given}" is not a token id ${hint}`, 2);
  return Number(given);
}

export async function token(args: string[], cli: CommandContext): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      scope: { type: 'string' },
      label: { type: 'string' },
      all: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (action !== 'create' && action !== 'list' && action !== 'revoke') throw new CliError(TOKEN_USAGE, 2);
  refuseExtraArguments(positionals, `token ${action}`, action === 'revoke' ? 'token id' : undefined);
  const id = action === 'revoke' ? tokenId(positionals[0]) : 0;
  // A mistyped scope is a malformed command line (exit 2, like a missing one), told before any database is opened.
  if (action === 'create' && !TokenScope.safeParse(values.scope).success) {
    throw new CliError(`token create needs --scope read or --scope write${values.scope === undefined ? '' : `, not "${values.scope.slice(0, 40)}"`}`, 2);
  }
  // Only create may start a new database: there is nothing to list or revoke in one.
  const db = databaseOf(values.db, cli);
  const store = await openAnyStore(db, action === 'create' ? 'may-create' : action === 'list' ? 'read-only' : 'must-exist', cli);
  try {
    if (action === 'create') {
      const result = await store.call('tokens.create', {
        scope: values.scope,
        label: values.label ?? `cli ${new Date().toISOString().slice(0, 10)}`,
      });
      if (!result.ok) printError(result.error);
      noteIfCreated(db, cli);
      const { token: created, secret } = result.data as { token: ApiToken; secret: string };
      if (values.json) cli.print(JSON.stringify({ ...created, secret }));
      else {
        cli.print(secret);
        cli.warn(`Token ${created.id} (${created.scope}, "${created.label}") created. Copy it now: it is not shown again.`);
      }
    } else if (action === 'list') {
      const result = await store.call('tokens.list', { includeRevoked: values.all });
      if (!result.ok) printError(result.error);
      const tokens = result.data as ApiToken[];
      if (values.json) cli.print(JSON.stringify(tokens));
      else if (!tokens.length) cli.print('No tokens.');
      else {
        for (const t of tokens) {
          const state = t.revokedAt ? `revoked ${t.revokedAt}` : `last used ${t.lastUsedAt ?? 'never'}`;
          cli.print(`${String(t.id).padStart(4)}  ${t.scope.padEnd(5)}  ${t.prefix}…  ${t.label}  (created ${t.createdAt}, ${state})`);
        }
      }
    } else {
      const listed = await store.call('tokens.list', { includeRevoked: true });
      const before = listed.ok ? (listed.data as ApiToken[]).find((t) => t.id === id) : undefined;
      const result = await store.call('tokens.revoke', { tokenId: id });
      if (!result.ok) printError(result.error);
      // Revoking twice is harmless (a script may retry), but say which happened.
      cli.print(before?.revokedAt ? `Token ${id} was already revoked (${before.revokedAt}).` : `Token ${id} revoked.`);
    }
  } finally {
    await store.close();
  }
}
