// The Node flags the headless server runs with, and the relaunch that gives them to it.
// Plain JavaScript: it runs before tsx is registered, so a relaunching process loads nothing else.
import { spawn } from 'node:child_process';

/**
 * `--min-semi-space-size=16`: V8 keeps its young generation at 16 MiB per semi-space, the size
 * it grows to under load anyway. Without it, the first collection after a few idle seconds sees
 * a low allocation rate and shrinks the young generation to 1 MiB; under load again it grows back
 * only slowly, so a server that was idle collects about 8 times as often and spends more CPU on
 * every request (bench/README.md, "Stop 25"). The price is up to ~25 MB more resident memory.
 * V8 reads heap sizes only at start-up: not from NODE_OPTIONS (Node refuses this flag there),
 * and not from v8.setFlagsFromString once the heap exists.
 */
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=16'];

/** Signals a supervisor or a terminal sends to stop the server: passed on to it. */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs this same command again in a child Node process that has `flags` (those the user did not
 * give already, with a value of their own), and makes this process its launcher: it passes
 * stop signals on, and ends as the child ends, with its exit code or signal. Returns false, and
 * does nothing, when no flag is missing.
 *
 * The child learns of a launcher that died without a word (SIGKILL) through the IPC channel's
 * `disconnect`, and stops then (see `stopWhenLauncherGoes` in src-main/cli/commands/serve.ts).
 */
export function relaunchedWith(flags) {
  const named = (flag) => flag.split('=')[0];
  const missing = flags.filter((flag) => !process.execArgv.some((given) => named(given) === named(flag)));
  if (missing.length === 0) return false;

  const child = spawn(process.execPath, [...process.execArgv, ...missing, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', (error) => {
    console.error(`petstore: cannot start the server process: ${error.message}`);
    process.exit(1);
  });
  for (const signal of FORWARDED) {
    process.on(signal, () => {
      // Windows delivers Ctrl-C to every process on the console, the child included, and its
      // kill('SIGINT') would end the child at once instead of letting it stop cleanly.
      if (process.platform === 'win32' && signal === 'SIGINT') return;
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    if (signal) {
      // End the way the child ended: a supervisor reads "killed by SIGTERM", not "exit 0".
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
  return true;
}
