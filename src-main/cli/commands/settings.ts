import { parseArgs } from 'node:util';
import { StoreSettings } from '../../../src-shared/schemas/settings';
import { toErrorBody } from '../../service/errors';
import { coerceParameters } from '../../rest/request-input';
import type { CommandContext } from '../context';
import { openAnyStore } from '../../host/open-any-store';
import { databaseOf } from '../database-option';
import { CliError, printError } from '../output';

const KEYS = Object.keys(StoreSettings.shape) as (keyof StoreSettings)[];
/** Settings a running listener reads when it starts; the others apply to the next request. */
const AT_START: readonly string[] = ['listenerEnabled', 'listenerHost', 'listenerPort'];

export const SETTINGS_USAGE = `petstore settings [--db FILE] [--json]
petstore settings set KEY=VALUE [KEY=VALUE …] [--db FILE]
  The owner's settings, as the app's Settings screen shows them. A running server applies a change
  to the rate limit, sunset date, threshold, shop name or allowed origins to its next request; the
  listener's address and port when it next starts. allowedOrigins takes a comma-separated list ("" for
  none) and keeps each origin as a browser sends it (https://Shop.Example.com is kept as https://shop.example.com).
  Money: currency is an ISO 4217 code (set it before pricing anything: it cannot change once amounts are
  stored), defaultTaxRate is in basis points (1900 is 19 %), timeZone an IANA name (Europe/Berlin).
  Keys: ${KEYS.join(', ')}`;

/** `KEY=VALUE` arguments as typed fields: numbers, booleans and lists by the setting's type. */
function parseAssignments(assignments: string[]): Record<string, unknown> {
  if (!assignments.length) throw new CliError(`settings set needs at least one KEY=VALUE\n\n${SETTINGS_USAGE}`, 2);
  const raw: Record<string, string> = {};
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    if (equals < 1) throw new CliError(`"${assignment}" is not KEY=VALUE\n\n${SETTINGS_USAGE}`, 2);
    raw[assignment.slice(0, equals)] = assignment.slice(equals + 1);
  }
  try {
    // The REST listener's reading of query strings: `8788` a number, `true` a boolean, `a,b` a list.
    return coerceParameters(StoreSettings.shape, raw);
  } catch (error) {
    printError(toErrorBody(error));
  }
}

function print(cli: CommandContext, settings: StoreSettings): void {
  const width = Math.max(...KEYS.map((key) => key.length));
  for (const key of KEYS) {
    const value = settings[key];
    cli.print(`${key.padEnd(width)}  ${Array.isArray(value) ? value.join(', ') || '(none)' : String(value)}`);
  }
}

export async function settings(args: string[], cli: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { db: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [action, ...assignments] = positionals;
  if (action !== undefined && action !== 'set') throw new CliError(SETTINGS_USAGE, 2);
  const changes = action === 'set' ? parseAssignments(assignments) : undefined;
  const store = await openAnyStore(databaseOf(values.db, cli), changes ? 'must-exist' : 'read-only', cli);
  try {
    const result = changes
      ? await store.call('settings.update', changes)
      : await store.call('settings.get', {});
    if (!result.ok) printError(result.error);
    const current = result.data as StoreSettings;
    if (values.json) cli.print(JSON.stringify(current));
    else print(cli, current);
    const later = Object.keys(changes ?? {}).filter((key) => AT_START.includes(key));
    if (later.length) cli.warn(`${later.join(', ')}: a running listener applies this when it next starts.`);
  } finally {
    await store.close();
  }
}
