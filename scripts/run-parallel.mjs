#!/usr/bin/env node
/**
 * `node scripts/run-parallel.mjs SCRIPT…`: runs these npm scripts side by side, as many at a time as
 * the machine has cores, and prints each one's output whole when it ends (never interleaved), with
 * its time. Exits 1 if any failed, after all have ended. `npm test` runs lint, the type-checks and
 * the build this way: each is one process on one core, so two cores finish them in about half the time.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const failed = [];

async function run(script) {
  const started = Date.now();
  const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) failed.push(script);
  process.stdout.write(`--- ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
}

const queue = [...scripts];
const lanes = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  while (queue.length) await run(queue.shift());
});
await Promise.all(lanes);
if (failed.length) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
