/**
 * The statements each PostgreSQL server sends for one answer, read from the cluster's own log
 * (`log_statement = all` while the answers are checked, off before anything is measured): that
 * bare-pg sends petstore's queries, and what petstore sends besides them (its round trips).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** Each log line starts with its database, so that the two servers' statements are told apart. */
const PREFIX = '%d|';

async function onCluster(url: string, statements: string[]): Promise<string[][]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const answers: string[][] = [];
    for (const statement of statements) answers.push((await client.query(statement)).rows.map((row: Record<string, unknown>) => String(Object.values(row)[0])));
    return answers;
  } finally {
    await client.end();
  }
}

export interface StatementLog {
  /** The statements logged since the last call (or since logging began), by database. */
  take(): Map<string, string[]>;
  /** Logging off again; sessions apply it at their next command. */
  stop(): Promise<void>;
}

/** Turns on the logging of every statement (new and open sessions alike) and reads the log as it grows. */
export async function logStatements(url: string): Promise<StatementLog> {
  const [[dataDir]] = await onCluster(url, ['SHOW data_directory']);
  // test/helpers/postgres-cluster.ts writes the server's log beside its data folder.
  const file = join(dirname(dataDir!), 'server.log');
  await onCluster(url, ["ALTER SYSTEM SET log_statement = 'all'", `ALTER SYSTEM SET log_line_prefix = '${PREFIX}'`, 'SELECT pg_reload_conf()']);
  await new Promise((resolve) => setTimeout(resolve, 300)); // every process has read the new settings
  let offset = statSync(file).size;
  return {
    take() {
      const size = statSync(file).size;
      const buffer = Buffer.alloc(size - offset);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, buffer, 0, buffer.length, offset);
      } finally {
        closeSync(fd);
      }
      offset = size;
      return parse(buffer.toString('utf8'));
    },
    async stop() {
      await onCluster(url, ['ALTER SYSTEM RESET log_statement', 'ALTER SYSTEM RESET log_line_prefix', 'SELECT pg_reload_conf()']);
    },
  };
}

/** `db|LOG:  statement: …` and `db|LOG:  execute <unnamed>: …` (a statement's further lines carry no prefix). */
function parse(text: string): Map<string, string[]> {
  const byDatabase = new Map<string, string[]>();
  let current: { db: string; lines: string[] } | undefined;
  const flush = () => {
    if (current) byDatabase.set(current.db, [...(byDatabase.get(current.db) ?? []), current.lines.join(' ').replace(/\s+/g, ' ').trim()]);
    current = undefined;
  };
  for (const line of text.split('\n')) {
    const match = /^([^|\s]*)\|(\w+):\s+(?:statement|execute [^:]*): (.*)$/.exec(line);
    if (match) {
      flush();
      if (match[2] === 'LOG') current = { db: match[1]!, lines: [match[3]!] };
    } else if (/^[^|\s]*\|/.test(line)) {
      flush(); // DETAIL (the parameters) and any other message
    } else if (current) {
      current.lines.push(line);
    }
  }
  flush();
  return byDatabase;
}

/**
 * The two lists' differences, by their longest common subsequence: what only `bare` sent (it
 * must send nothing petstore does not) and what only `product` sent (its own round trips).
 */
export function compareStatements(bare: readonly string[], product: readonly string[]): { onlyBare: string[]; onlyProduct: string[] } {
  // common[i][j]: the longest common subsequence of bare[i..] and product[j..]
  const common = Array.from({ length: bare.length + 1 }, () => new Array<number>(product.length + 1).fill(0));
  for (let i = bare.length - 1; i >= 0; i--) {
    for (let j = product.length - 1; j >= 0; j--) {
      common[i]![j] = bare[i] === product[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const onlyBare: string[] = [];
  const onlyProduct: string[] = [];
  let i = 0;
  let j = 0;
  while (i < bare.length || j < product.length) {
    if (i < bare.length && j < product.length && bare[i] === product[j]) {
      i++;
      j++;
    } else if (j >= product.length || (i < bare.length && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      onlyBare.push(bare[i++]!);
    } else {
      onlyProduct.push(product[j++]!);
    }
  }
  return { onlyBare, onlyProduct };
}

/**
 * Per scenario: how many statements each PostgreSQL server sent for one answer, what petstore-pg
 * sent besides bare-pg's, and a warning when bare-pg's are not among petstore-pg's in order.
 */
export function describeStatements(statements: ReadonlyMap<string, string[]>, scenarios: readonly string[]): string {
  const out = ['Statements for one answer on PostgreSQL (the cluster\'s log, while the answers were checked):'];
  for (const scenario of scenarios) {
    const bare = statements.get(`bare-pg/${scenario}`);
    const product = statements.get(`petstore-pg/${scenario}`);
    if (!bare && !product) continue;
    out.push(`  ${scenario}: ${[bare && `bare-pg ${bare.length}`, product && `petstore-pg ${product.length}`].filter(Boolean).join(', ')}`);
    if (!bare || !product) continue;
    const { onlyBare, onlyProduct } = compareStatements(bare, product);
    if (onlyBare.length) {
      out.push("    WARNING: bare-pg sends statements petstore-pg does not (it must send the store's queries only):");
      for (const statement of onlyBare) out.push(`      ${statement.slice(0, 160)}`);
    }
    for (const statement of onlyProduct) out.push(`    petstore-pg besides: ${statement.slice(0, 160)}`);
  }
  return out.join('\n');
}
