/**
 * Medians over several benchmark invocations: every run of every file counts once.
 *
 *   node --import tsx bench/rest/combine.ts bench/results/rest-1.json bench/results/rest-2.json … [--markdown]
 *
 * One invocation is 5 runs of 3 s per cell; on a machine whose speed drifts, the medians of 15
 * runs from three invocations at different moments are steadier than those of one.
 */
import { readFileSync } from 'node:fs';
import { databaseShares, judgeGoals, postgresAgainstSqlite, renderTable, summarize, type Cell, type MeasuredRun } from './report';
import type { ScenarioId } from './scenarios';
import { SERVERS, type ServerDef, type ServerId } from './servers/catalog';

const markdown = process.argv.includes('--markdown');
const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!files.length) throw new Error('usage: combine.ts RESULT.json… [--markdown]');

const runs = new Map<string, { server: ServerId; scenario: ScenarioId; runs: MeasuredRun[] }>();
const machines = new Set<string>();
let total = 0;
for (const file of files) {
  const result = JSON.parse(readFileSync(file, 'utf8')) as { machine: string; date: string; cells: Cell[] };
  machines.add(result.machine);
  for (const cell of result.cells) {
    const key = `${cell.server}/${cell.scenario}`;
    const entry = runs.get(key) ?? { server: cell.server, scenario: cell.scenario, runs: [] };
    entry.runs.push(...cell.runs);
    runs.set(key, entry);
    total += cell.runs.length;
  }
}
const cells = [...runs.values()].map(({ server, scenario, runs: all }) => summarize(server, scenario, all));
const servers: ServerDef[] = SERVERS.filter((server) => cells.some((cell) => cell.server === server.id));
const perCell = Math.round(total / cells.length);

console.log(`Medians of ${perCell} runs per cell from ${files.length} invocations; ${[...machines].join(' / ')}\n`);
console.log(renderTable(cells, servers, markdown));
console.log('\nGoals (petstore serve; petstore-pg: on PostgreSQL):');
for (const goal of judgeGoals(cells)) console.log(`  ${goal.met ? 'met    ' : 'NOT MET'}  ${goal.text.padEnd(40)} ${goal.measured}`);
for (const [title, lines] of [
  ['CPU per answer on PostgreSQL (medians)', databaseShares(cells)],
  ['PostgreSQL against SQLite, for reference', postgresAgainstSqlite(cells)],
] as const) {
  if (lines.length) console.log(`\n${title}:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}
