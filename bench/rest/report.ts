import type { RunFigures } from './load';
import { SCENARIOS, type ScenarioId } from './scenarios';
import type { ServerDef, ServerId } from './servers/catalog';
import { median } from './stats';

/** One measured run: autocannon's figures and the server's CPU use meanwhile. */
export interface MeasuredRun extends RunFigures {
  /** Server CPU time (all threads) per successful request, in microseconds. */
  cpuMicrosPerRequest: number;
  /** Of it, the PostgreSQL cluster's processes' (servers on PostgreSQL only). */
  databaseMicrosPerRequest?: number;
  /** Share of one core the server process used during the run (0–1). */
  serverCpuShare: number;
  /** The larger share of the server's or the load generator's core that other processes (or other VMs: steal) used meanwhile. */
  neighbourShare: number;
  /** 1, or more when the run was measured again because other processes disturbed it. */
  attempts: number;
}

/** The medians of one server in one scenario, over the measured runs. */
export interface Cell {
  server: ServerId;
  scenario: ScenarioId;
  runs: MeasuredRun[];
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMicrosPerRequest: number;
  /** Of it, the PostgreSQL cluster's (servers on PostgreSQL only). */
  databaseMicrosPerRequest?: number;
  neighbourShare: number;
  failures: number;
}

export function summarize(server: ServerId, scenario: ScenarioId, runs: MeasuredRun[]): Cell {
  const med = (pick: (run: MeasuredRun) => number) => median(runs.map(pick));
  return {
    server,
    scenario,
    runs,
    requestsPerSecond: med((run) => run.requestsPerSecond),
    p50: med((run) => run.p50),
    p99: med((run) => run.p99),
    cpuMicrosPerRequest: med((run) => run.cpuMicrosPerRequest),
    databaseMicrosPerRequest: runs[0]?.databaseMicrosPerRequest === undefined ? undefined : med((run) => run.databaseMicrosPerRequest!),
    neighbourShare: med((run) => run.neighbourShare),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

const whole = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
const ms = (n: number) => (!Number.isFinite(n) ? '—' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const percent = (n: number) => (Number.isFinite(n) ? `${Math.round(n * 100)}%` : '—');

export interface Goal {
  text: string;
  measured: string;
  met: boolean;
}

/** The issue's goals, judged on the medians of the headless server (`petstore`). */
export function judgeGoals(cells: Cell[]): Goal[] {
  const find = (server: ServerId, scenario: ScenarioId) => cells.find((c) => c.server === server && c.scenario === scenario);
  const goals: Goal[] = [];
  const byId = find('petstore', 'pet-by-id');
  const ceiling = find('bare-http', 'pet-by-id');
  if (byId && ceiling) {
    const ratio = byId.requestsPerSecond / ceiling.requestsPerSecond;
    goals.push({ text: 'a pet by id ≥ 60% of (a)', measured: percent(ratio), met: ratio >= 0.6 });
  }
  for (const { id, p99Goal } of SCENARIOS) {
    const cell = find('petstore', id);
    const practical = find('bare-sqlite', id);
    if (!cell) continue;
    if (practical) {
      const ratio = cell.requestsPerSecond / practical.requestsPerSecond;
      goals.push({ text: `${id} ≥ 85% of (b)`, measured: percent(ratio), met: ratio >= 0.85 });
    }
    goals.push({ text: `${id} p99 < ${p99Goal} ms`, measured: `${ms(cell.p99)} ms`, met: cell.p99 < p99Goal });
  }
  // A sale of three lines against a single order, in the same run: under three times its CPU.
  const sale = find('petstore', 'sale-3-lines');
  const order = find('petstore', 'place-order');
  if (sale && order) {
    const ratio = sale.cpuMicrosPerRequest / order.cpuMicrosPerRequest;
    goals.push({ text: 'sale-3-lines CPU < 3× place-order', measured: `${ratio.toFixed(2)}×`, met: ratio < 3 });
  }
  // Issue 37: the same goals on PostgreSQL, against the bare node:http + pg server (p).
  for (const { id, p99Goal } of SCENARIOS) {
    const cell = find('petstore-pg', id);
    if (!cell) continue;
    const practical = find('bare-pg', id);
    if (practical) {
      const ratio = cell.requestsPerSecond / practical.requestsPerSecond;
      goals.push({ text: `${id} on PostgreSQL ≥ 85% of (p)`, measured: percent(ratio), met: ratio >= 0.85 });
    }
    goals.push({ text: `${id} on PostgreSQL p99 < ${p99Goal} ms`, measured: `${ms(cell.p99)} ms`, met: cell.p99 < p99Goal });
  }
  return goals;
}

/** Where a PostgreSQL server's CPU per answer went: its own process, and the cluster's. */
export function databaseShares(cells: Cell[]): string[] {
  return cells
    .filter((cell) => cell.databaseMicrosPerRequest !== undefined)
    .map((cell) => {
      const database = cell.databaseMicrosPerRequest!;
      return `${cell.server.padEnd(12)} ${cell.scenario.padEnd(13)} ${whole(cell.cpuMicrosPerRequest).padStart(6)} µs: the server ${whole(cell.cpuMicrosPerRequest - database)}, PostgreSQL ${whole(database)}`;
    });
}

/** For reference beside the goals: each PostgreSQL server's req/s and CPU per answer against its SQLite twin's. */
export function postgresAgainstSqlite(cells: Cell[]): string[] {
  const lines: string[] = [];
  const twins = [
    ['petstore-pg', 'petstore'],
    ['bare-pg', 'bare-sqlite'],
  ] as const;
  for (const [onPostgres, onSqlite] of twins) {
    for (const { id } of SCENARIOS) {
      const pgCell = cells.find((c) => c.server === onPostgres && c.scenario === id);
      const sqliteCell = cells.find((c) => c.server === onSqlite && c.scenario === id);
      if (!pgCell || !sqliteCell) continue;
      const rate = percent(pgCell.requestsPerSecond / sqliteCell.requestsPerSecond);
      const cpu = (pgCell.cpuMicrosPerRequest / sqliteCell.cpuMicrosPerRequest).toFixed(2);
      lines.push(`${`${onPostgres} / ${onSqlite}`.padEnd(24)} ${id.padEnd(13)} req/s ${rate.padStart(5)}, CPU per answer ${cpu}×`);
    }
  }
  return lines;
}

/** The table: one block per scenario, one row per server, with the ratios to (a), (b) and (p). */
export function renderTable(cells: Cell[], servers: ServerDef[], markdown: boolean): string {
  const header = ['scenario', 'server', 'req/s', 'p50 ms', 'p99 ms', 'vs (a)', 'vs (b)', 'vs (p)', 'CPU µs/req', 'neighbours'];
  const rows: string[][] = [];
  for (const scenario of SCENARIOS) {
    const ceiling = cells.find((c) => c.server === 'bare-http' && c.scenario === scenario.id);
    const practical = cells.find((c) => c.server === 'bare-sqlite' && c.scenario === scenario.id);
    const practicalPg = cells.find((c) => c.server === 'bare-pg' && c.scenario === scenario.id);
    for (const server of servers) {
      const cell = cells.find((c) => c.server === server.id && c.scenario === scenario.id);
      if (!cell) continue;
      rows.push([
        scenario.id,
        server.label,
        whole(cell.requestsPerSecond),
        ms(cell.p50),
        ms(cell.p99),
        ceiling ? percent(cell.requestsPerSecond / ceiling.requestsPerSecond) : '—',
        practical ? percent(cell.requestsPerSecond / practical.requestsPerSecond) : '—',
        practicalPg ? percent(cell.requestsPerSecond / practicalPg.requestsPerSecond) : '—',
        whole(cell.cpuMicrosPerRequest),
        percent(cell.neighbourShare),
      ]);
    }
  }
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9]);
  if (markdown) {
    const line = (cols: string[]) => `| ${cols.join(' | ')} |`;
    return [line(header), line(header.map((_, i) => (numeric.has(i) ? '---:' : '---'))), ...rows.map(line)].join('\n');
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const pad = (cols: string[]) => cols.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  const out = [pad(header), widths.map((w) => '-'.repeat(w)).join('  ')];
  let previous = '';
  for (const row of rows) {
    if (previous && row[0] !== previous) out.push('');
    previous = row[0];
    out.push(pad(row));
  }
  return out.join('\n');
}
