import { readFileSync, writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CallableOperationName, OperationOutput } from '../../../src-shared/contract';
import { createHostHandlers } from '../../host/shell-handlers';
import { invokeOperationAsync } from '../../service/invoke';
import { CliError, printError } from '../output';
import { openCliStore, type DbAccess } from '../open-store';

export const BACKUP_USAGE = `petstore backup --to FILE [--db FILE]
  Copies the database with SQLite's online backup API (safe while the app or server runs).`;
export const EXPORT_USAGE = `petstore export [--format csv|json] [--resource pets|categories|orders] [--out FILE] [--db FILE]
  CSV holds one table (default pets); JSON the whole store. Prints to stdout unless --out.`;
export const IMPORT_USAGE = `petstore import FILE [--format csv|json] [--dry-run] [--db FILE]
  Adds the pets of a CSV (name,category,status,stock) or JSON file. Every row is checked first and
  each problem printed with its line; valid rows are imported in one transaction, invalid ones
  skipped (exit 1 when any was). --dry-run only checks (and needs an existing database).`;

/** Runs one operation the way the app does (input parsed by the contract); exits on a refusal. */
async function run<K extends CallableOperationName>(db: string, access: DbAccess, name: K, input: unknown): Promise<OperationOutput<K>> {
  const store = openCliStore(db, access);
  try {
    const { handlers } = createHostHandlers(store, 'headless');
    const result = await invokeOperationAsync(handlers, name, input);
    if (!result.ok) printError(result.error);
    return result.data as OperationOutput<K>;
  } finally {
    store.close();
  }
}

const formatOf = (given: string | undefined, file?: string) => given ?? (file && extname(file).toLowerCase() === '.json' ? 'json' : 'csv');

export async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { db: { type: 'string', default: 'petstore.db' }, to: { type: 'string' } } });
  if (!values.to) throw new CliError(`backup needs --to FILE\n\n${BACKUP_USAGE}`, 2);
  const done = await run(values.db!, 'must-exist', 'backup.create', { file: resolve(values.to) });
  console.log(`Backed up to ${done.file} (${done.bytes.toLocaleString('en')} bytes).`);
}

export async function exportData(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { db: { type: 'string', default: 'petstore.db' }, format: { type: 'string' }, resource: { type: 'string' }, out: { type: 'string' } },
  });
  const format = formatOf(values.format, values.out);
  const file = await run(values.db!, 'must-exist', 'data.export', { format, resource: values.resource });
  if (values.out) {
    writeFileSync(resolve(values.out), file.content);
    console.error(`Exported ${file.rows} rows to ${resolve(values.out)}.`);
  } else {
    process.stdout.write(file.content);
  }
}

export async function importData(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { db: { type: 'string', default: 'petstore.db' }, format: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const [path] = positionals;
  if (!path) throw new CliError(`import needs a file\n\n${IMPORT_USAGE}`, 2);
  let content: string;
  try {
    content = readFileSync(resolve(path), 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  const input = { format: formatOf(values.format, path), content };
  // A dry run writes nothing, so it does not create a database either.
  const preview = await run(values.db!, values['dry-run'] ? 'must-exist' : 'may-create', 'data.previewImport', input);
  for (const problem of preview.fileErrors) console.error(`${path}: ${problem}`);
  for (const row of preview.rows.filter((candidate) => candidate.errors.length)) {
    for (const error of row.errors) console.error(`${path}: row ${row.line}: ${error.path ? `${error.path}: ` : ''}${error.message}`);
  }
  if (preview.fileErrors.length) throw new CliError('Nothing was imported.');
  if (values['dry-run']) {
    console.log(`${preview.valid} rows would be imported, ${preview.invalid} skipped (dry run: nothing written).`);
  } else {
    const result = await run(values.db!, 'may-create', 'data.import', input);
    console.log(`Imported ${result.imported} pets; skipped ${result.skipped} rows.`);
  }
  if (preview.invalid > 0) process.exitCode = 1;
}
