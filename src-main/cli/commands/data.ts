import { existsSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { parseArgs } from 'node:util';
import type { CallableOperationName, OperationOutput } from '../../../src-shared/contract';
import { countOf } from '../../../src-shared/count';
import { detailLine } from '../../../src-shared/errors';
import { ExportResource, MAX_IMPORT_MIB } from '../../../src-shared/schemas/data';
import { createPrivateFile } from '../../db/private-files';
import { isLiveDatabaseFile, partialFileOf, removeDeadPartials, removeQuietly, statOf } from '../../db/live-files';
import type { CommandContext } from '../context';
import { readImportInput } from '../import-input';
import { CliError, printError, refuseExtraArguments } from '../output';
import { noteIfCreated, refuseMissingDatabase, removeCreatedDatabases, type DbAccess } from '../../host/open-store';
import { openAnyStore } from '../../host/open-any-store';
import { describePostgresUrl, isPostgresUrl } from '../../db/postgres/pool';
import { databaseOf } from '../database-option';
import { letSignalsIn, onStopSignal } from '../stop-signals';

export const BACKUP_USAGE = `petstore backup --to FILE [--replace] [--db FILE]
  Copies the database with SQLite's online backup API (safe while the app or server runs).
  An existing FILE is replaced only with --replace.`;
export const RESTORE_USAGE = `petstore restore --from FILE [--db FILE]
  Replaces the shop's data (categories, pets, stock, orders, settings) with the backup's, as the
  app's Settings screen does: FILE is checked first, and the data as it was is kept in
  backups/before-restore-<time>.db beside the database, on the disk before anything is replaced.
  API tokens and the change log stay as they are. Safe while the app or server runs.`;
export const EXPORT_USAGE = `petstore export [--format csv|json] [--resource pets|categories|orders|sales] [--out FILE [--replace]] [--db FILE]
  CSV holds one table (default pets); JSON the whole store. Prints to stdout unless --out; an
  existing file is replaced only with --replace, and never the database itself.`;
export const IMPORT_USAGE = `petstore import FILE [--format csv|json] [--dry-run] [--all-or-nothing] [--db FILE]
  Adds the pets of a CSV (name,category,status,stock), a JSON array of pets, or a whole-store JSON
  export (whose categories the store lacks are created; its orders are not imported); or the
  categories of a categories CSV (id,name,description,taxRate,lowStockThreshold, as
  \`export --resource categories\` writes; those the store lacks are created). Column names are read whatever their case. Prices are
  whole minor units (12.50 EUR is 1250), tax rates basis points (19 % is 1900). Every row is
  checked first and each problem printed with its line (CSV) or item (JSON); pets already in the
  store (same id and name: a re-import) are left alone; valid rows are imported in one transaction,
  invalid ones skipped (exit 1 when any was). --all-or-nothing imports nothing when any row is
  invalid. --dry-run only checks (and needs an existing database). A file may hold up to
  ${MAX_IMPORT_MIB} MiB (about 450,000 pets in a whole-store JSON export, over a million in a CSV).
  FILE - (or /dev/stdin) reads standard input: JSON when it starts with { or [, else CSV.`;

/** Runs one operation the way the app does (input parsed by the contract); exits on a refusal. */
async function run<K extends CallableOperationName>(cli: CommandContext, db: string, access: DbAccess, name: K, input: unknown): Promise<OperationOutput<K>> {
  const store = await openAnyStore(db, access, cli, { withShell: true });
  try {
    const result = await store.call(name, input);
    if (!result.ok) printError(result.error);
    return result.data as OperationOutput<K>;
  } finally {
    await store.close();
  }
}

/** The format asked for, else the one the file name says (CSV unless `.json`). */
function formatOf(given: string | undefined, file?: string): 'csv' | 'json' {
  if (given !== undefined && given !== 'csv' && given !== 'json') throw new CliError(`--format must be csv or json, not "${given}"`, 2);
  return given ?? (file && extname(file).toLowerCase() === '.json' ? 'json' : 'csv');
}

export async function backup(args: string[], cli: CommandContext): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { db: { type: 'string' }, to: { type: 'string' }, replace: { type: 'boolean', default: false } },
  });
  if (!values.to) throw new CliError(`backup needs --to FILE\n\n${BACKUP_USAGE}`, 2);
  const db = databaseOf(values.db, cli);
  if (isPostgresUrl(db)) throw new CliError(withPostgresTools('backup', db, `pg_dump --format=custom --file=${shellQuoted(cli.path(values.to))} ${shellQuoted(describePostgresUrl(db))}`));
  const stopRemovesPartial = removeOnStop(cli, partialFileOf(cli.path(values.to)));
  const done = await run(cli, db, 'read-only', 'backup.create', { file: cli.path(values.to), replace: values.replace }).finally(stopRemovesPartial);
  cli.print(`Backed up to ${done.file} (${done.bytes.toLocaleString('en')} bytes).`);
}

export async function restore(args: string[], cli: CommandContext): Promise<void> {
  const { values } = parseArgs({ args, options: { db: { type: 'string' }, from: { type: 'string' } } });
  if (!values.from) throw new CliError(`restore needs --from FILE\n\n${RESTORE_USAGE}`, 2);
  const db = databaseOf(values.db, cli);
  if (isPostgresUrl(db)) {
    const command = `pg_restore --clean --if-exists --no-owner --single-transaction --dbname=${shellQuoted(describePostgresUrl(db))} ${shellQuoted(cli.path(values.from))}`;
    throw new CliError(withPostgresTools('restore', db, `${command}  (with every petstore process on it stopped)`));
  }
  // Killed midway, it needs no tidying: the safety copy is on the disk before the store is touched,
  // and a half-written one is removed at the next start.
  const done = await run(cli, db, 'must-exist', 'backup.restore', { file: cli.path(values.from) });
  cli.print(`Restored from ${done.restoredFrom}. The data as it was is kept in ${done.safetyBackup}.`);
}

/**
 * backup and restore copy a SQLite file; a PostgreSQL database is backed up and restored with
 * PostgreSQL's own tools (docs/decisions.md#the-cli-on-postgresql): the refusal gives the command.
 */
const withPostgresTools = (command: 'backup' | 'restore', db: string, tool: string) =>
  `petstore ${command} works on a SQLite file; ${describePostgresUrl(db)} is a PostgreSQL database: ${command === 'backup' ? 'back it up' : 'restore it'} with PostgreSQL's own tools:\n` +
  `  ${tool}\n` +
  'The password comes from PGPASSWORD or ~/.pgpass. See "Running on PostgreSQL" in README.md.';

/** A word for a POSIX shell, quoted only when it needs to be. */
const shellQuoted = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/**
 * While a long copy runs, Ctrl-C (or SIGTERM) removes its half-written file before the process
 * ends; the target itself is only ever replaced whole. Returns the function that stops watching.
 */
const removeOnStop = (cli: CommandContext, partial: string) =>
  onStopSignal(cli.io.signals, (signal) => {
    const left = [partial, `${partial}-journal`].filter((file) => !removeQuietly(file));
    cli.warn(`${signal}: stopped; nothing was written${left.length ? ` (remove ${left.join(' and ')} by hand)` : ''}.`);
  });

export async function exportData(args: string[], cli: CommandContext): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      format: { type: 'string' },
      resource: { type: 'string' },
      out: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
  });
  const format = formatOf(values.format, values.out);
  if (format === 'json' && values.resource) throw new CliError('--resource is for CSV; a JSON export holds the whole store', 2);
  if (values.resource !== undefined && !ExportResource.safeParse(values.resource).success) {
    throw new CliError(`--resource must be ${ExportResource.options.join(', ')}, not "${values.resource}"`, 2);
  }
  if (values.replace && values.out === undefined) throw new CliError('--replace is for --out FILE; without --out the export is printed', 2);
  const db = databaseOf(values.db, cli);
  const out = values.out === undefined ? undefined : exportTarget(cli.path(values.out), cli.path(db), values.replace!);
  const file = await run(cli, db, 'read-only', 'data.export', { format, resource: values.resource });
  if (out) {
    writeWhole(out, file.content);
    cli.warn(`Exported ${file.summary} to ${out}.`);
  } else {
    cli.io.stdout.write(file.content);
  }
}

/**
 * Where an export to `out` is written: refused over the database, a folder or a device (leave out
 * --out to write to stdout), and over an existing file unless --replace. A link is followed, so
 * the file it names is replaced, not the link.
 */
function exportTarget(out: string, db: string, replace: boolean): string {
  if (isLiveDatabaseFile(out, db)) throw new CliError(`${out} is the database (or one of its files); choose another file`);
  const existing = statOf(out);
  if (existing?.isDirectory()) throw new CliError(`${out} is a folder; name a file in it`);
  if (existing && !existing.isFile()) throw new CliError(`${out} is not a regular file (to print the export, leave out --out)`);
  if (existing && !replace) throw new CliError(`${out} exists already; add --replace to overwrite it, or choose another file`);
  return existing ? realpathSync(out) : out;
}

/**
 * Writes beside the target, then moves it over: a failed export leaves the old file as it was. The
 * file is the owner's only (0600), as the store it comes from.
 */
function writeWhole(out: string, content: string): void {
  const partial = partialFileOf(out);
  removeDeadPartials(dirname(out)); // what an export or backup killed here before left behind
  try {
    createPrivateFile(partial);
    writeFileSync(partial, content);
    renameSync(partial, out);
  } catch (error) {
    removeQuietly(partial);
    // Said of the file asked for: the system's message names our temporary file beside it.
    const { code } = error as NodeJS.ErrnoException;
    const reason = code === 'ENOENT' ? `the folder ${dirname(out)} does not exist` : code === 'EACCES' ? 'permission denied' : (error as Error).message.replaceAll(partial, out);
    throw new CliError(`Cannot write ${out}: ${reason}`);
  }
}

/** Exits 1 when rows were skipped. */
export async function importData(args: string[], cli: CommandContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      format: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'all-or-nothing': { type: 'boolean', default: false },
    },
  });
  const [path] = positionals;
  if (!path) throw new CliError(`import needs a file\n\n${IMPORT_USAGE}`, 2);
  refuseExtraArguments(positionals, 'import', 'file');
  const { 'dry-run': dryRun, 'all-or-nothing': allOrNothing } = values;
  const db = databaseOf(values.db, cli);
  const onPostgres = isPostgresUrl(db);
  // A dry run writes nothing, so it does not create a database either (a server's database is checked when opened).
  if (!onPostgres) refuseMissingDatabase(db, dryRun ? 'read-only' : 'may-create', cli);
  const { name, content, sniffedFormat } = await readImportInput(cli, path);
  const input = { format: values.format === undefined && sniffedFormat ? sniffedFormat : formatOf(values.format, path), content };
  // A store this run creates is removed again when the run is stopped before its summary.
  const stopWatching = !dryRun && !onPostgres && !existsSync(cli.path(db)) ? watchNewStore(cli) : undefined;
  let result: OperationOutput<'data.import'> | null;
  let preview: OperationOutput<'data.previewImport'>;
  try {
    preview = await run(cli, db, dryRun ? 'read-only' : 'may-create', 'data.previewImport', input);
    reportPreview(cli, preview, name);
    if (allOrNothing && preview.invalid > 0) throw new CliError(`${count(preview.invalid, 'row is', 'rows are')} invalid; nothing was imported (--all-or-nothing).`);
    if (stopWatching) await letSignalsIn(); // one during the check: the new store goes, nothing was imported
    // Checked again in the import's own transaction: a row that turned invalid meanwhile refuses the file too.
    result = dryRun ? null : await run(cli, db, 'may-create', 'data.import', { ...input, allOrNothing });
    if (stopWatching) await letSignalsIn(); // one during the transaction: it has committed, but the new store still goes
  } finally {
    stopWatching?.();
  }
  // Only now: a store this run created and then refused to fill (a file of invalid rows) is not kept.
  if (result && result.imported === 0 && !result.categoriesCreated?.length) removeCreatedDatabases(cli);
  else noteIfCreated(db, cli);
  const imported = result ? result.imported : preview.valid;
  const skipped = result ? result.skipped : preview.invalid;
  const existing = result ? (result.existing ?? 0) : preview.existing;
  const created = result ? (result.categoriesCreated ?? []) : preview.newCategories;
  // A categories file has no pet rows: what it did is only the categories (and its rows skipped).
  const categoriesFile = preview.rowCount === 0;
  const parts = categoriesFile ? [] : [
    dryRun ? `${count(imported, 'pet')} would be imported` : `Imported ${count(imported, 'pet')}`,
    `skipped ${count(skipped, 'invalid row')}`,
  ];
  if (existing) parts.push(`${count(existing, 'pet')} already in the store (same id and name) left alone`);
  if (created.length) parts.push(`${dryRun ? 'would create' : 'created'} ${count(created.length, 'category', 'categories')}: ${created.join(', ')}`);
  if (categoriesFile && skipped) parts.push(`skipped ${count(skipped, 'invalid row')}`);
  if (parts.length === 0) parts.push('nothing to import');
  const said = parts.join('; ');
  cli.print(printable(`${said[0]!.toUpperCase()}${said.slice(1)}${dryRun ? ' (dry run: nothing written)' : ''}.`));
  return skipped > 0 ? 1 : 0;
}

/** Each row's problems and notes, and the file's, as the app's preview shows them; refuses a file it cannot read at all. */
function reportPreview(cli: CommandContext, preview: OperationOutput<'data.previewImport'>, name: string): void {
  for (const problem of preview.fileErrors) cli.warn(`${name}: ${printable(problem)}`);
  for (const row of preview.rows) {
    // Where the row is and whose it is, as the app's preview shows it.
    const at = `${name}: ${row.where}${row.values.name ? ` (${row.values.name})` : ''}`;
    for (const error of row.errors) cli.warn(printable(`${at}: ${detailLine(error)}`));
    if (row.outcome === 'import') for (const note of row.notes) cli.print(printable(`${at}: note: ${note}`));
  }
  if (preview.fileErrors.length) throw new CliError('Nothing was imported.');
  for (const note of preview.notes) cli.print(printable(`${name}: ${note}`));
}

/**
 * Ctrl-C (or SIGTERM) while an import fills a database this run creates removes it
 * (docs/decisions.md#a-failed-import-leaves-no-new-database); the signal waits for the next
 * `letSignalsIn()`, after the check or the commit. Returns the function that stops watching.
 */
const watchNewStore = (cli: CommandContext) =>
  onStopSignal(cli.io.signals, (signal) => {
    let removed: string;
    try {
      removed = removeCreatedDatabases(cli) > 0 ? ' and the new database was removed' : '';
    } catch (error) {
      removed = ` (${(error as Error).message}: remove the new database by hand)`;
    }
    cli.warn(`${signal}: stopped; nothing was imported${removed}.`);
  });

const count = (n: number, one: string, many?: string) => countOf(n, one, many, 'en');

/** Text from the file shown safely on a terminal: control and direction characters as \u escapes. */
const printable = (text: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
