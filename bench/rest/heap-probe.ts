/**
 * What happens inside one server process from run to run: CPU µs per pet by id (user and system),
 * minor page faults, context switches, resident memory and, from the server's own `--trace-gc`
 * output, scavenges per 1,000 answers. Between runs the server answers page-of-50 and place-order
 * and then sits idle (`--idle-ms`), as in `npm run bench:rest`'s interleaving.
 *
 *   node --import tsx bench/rest/heap-probe.ts [--variant petstore] [--runs 5 --seconds 3 --idle-ms 20000]
 *
 * A variant is written as in per-process.ts (`bare-sqlite`, `petstore+--min-semi-space-size=16`).
 * It uses per-process.ts's database in /tmp/petstore-per-process (run that once first).
 */
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { detectPinning, onServerCore, pinSelf } from './cpu-pinning';
import type { Dataset } from './dataset';
import { runLoad } from './load';
import { freePort } from './processes';
import { loadRequest } from './scenarios';
import { SERVERS } from './servers/catalog';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'bench_token_0123456789abcdefghijklmnop';
const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'petstore' },
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    'idle-ms': { type: 'string', default: '20000' },
  },
});
const [runs, seconds, idleMs] = [values.runs, values.seconds, values['idle-ms']].map(Number);
const data: Dataset = JSON.parse(readFileSync('/tmp/petstore-per-process/dataset.json', 'utf8'));
const pinning = detectPinning(2);
pinSelf(pinning);
const context = { pets: data.pets, orderPetIds: data.orderPetIds, token: TOKEN };

/** The process's counters from /proc. */
function counters(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]);
  return {
    user: Number(fields[11]) / 100,
    system: Number(fields[12]) / 100,
    minorFaults: Number(fields[7]),
    voluntary: field('voluntary_ctxt_switches'),
    involuntary: field('nonvoluntary_ctxt_switches'),
    rssKb: field('VmRSS'),
  };
}

const [head, ...flags] = values.variant.split('+');
const server = SERVERS.find((candidate) => candidate.id === head);
if (!server) throw new Error(`unknown server ${head}`);
const port = await freePort();
const { args, env } = server.command({ root: ROOT, port, data, token: TOKEN, nodeFlags: ['--trace-gc', ...flags] });
const [command, commandArgs] = onServerCore(pinning, process.execPath, args);
const logFile = `/tmp/petstore-per-process/heap-probe-${head}.log`;
const child = spawn(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')] });
process.on('exit', () => child.kill('SIGKILL'));
const origin = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  try {
    await fetch(origin + (server.readyPath ?? '/'));
    break;
  } catch (error) {
    if (tries > 300) throw error;
    await sleep(200);
  }
}
const scavenges = () => (readFileSync(logFile, 'utf8').match(/Scavenge/g) ?? []).length;

const petById = loadRequest('pet-by-id', 'v1', context);
await runLoad(origin, petById, 2, 10);
console.log(`${values.variant}: ${runs} runs of ${seconds} s, other scenarios and ${idleMs} ms idle between runs`);
for (let run = 1; run <= runs; run++) {
  if (run > 1) {
    await runLoad(origin, loadRequest('page-of-50', 'v1', context), seconds, 10);
    await runLoad(origin, loadRequest('place-order', 'v1', context), seconds, 10);
    await sleep(idleMs);
  }
  const [before, scavengedBefore] = [counters(child.pid!), scavenges()];
  const figures = await runLoad(origin, petById, seconds, 10);
  const [after, scavengedAfter] = [counters(child.pid!), scavenges()];
  const answers = figures.requestsPerSecond * figures.durationSeconds;
  const micros = (secondsSpent: number) => ((secondsSpent * 1e6) / answers).toFixed(1);
  const perThousand = (count: number) => ((count * 1000) / answers).toFixed(2);
  console.log(
    `run ${run}: CPU ${micros(after.user + after.system - before.user - before.system)} µs/answer ` +
      `(user ${micros(after.user - before.user)}, system ${micros(after.system - before.system)}); per 1,000 answers: ` +
      `scavenges ${perThousand(scavengedAfter - scavengedBefore)}, minor faults ${perThousand(after.minorFaults - before.minorFaults)}, ` +
      `context switches ${perThousand(after.voluntary - before.voluntary)} voluntary, ${perThousand(after.involuntary - before.involuntary)} involuntary; RSS ${after.rssKb} kB`,
  );
}
child.kill('SIGTERM');
