import type { CliIo } from './io';
import { processStopSignals } from './stop-signals';

/** The process's own streams, environment, folder and signals. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Only when a command reads it: opening stdin early could hold the process open or take a terminal's input.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
    signals: processStopSignals,
  };
}
