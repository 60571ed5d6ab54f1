import { constants } from 'node:os';

/**
 * Ctrl-C (SIGINT) and SIGTERM for a command that must tidy up before it ends (a half-written copy,
 * a store it created). `onStop` runs once, then the process exits as a shell reports a process
 * that signal ended (128 + its number: 130 for SIGINT, 143 for SIGTERM); the returned function
 * stops watching, after which a signal ends the process as usual.
 */
export function onStopSignal(onStop: (signal: NodeJS.Signals) => void): () => void {
  const stop = (signal: NodeJS.Signals) => {
    onStop(signal);
    process.exit(128 + constants.signals[signal]);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Lets a signal that came during synchronous work be handled now: Node reads it in a turn's poll
 * phase, which the first setImmediate may come after, so two turns. (Stop watching before that and
 * the signal is lost: neither handled nor ending the process.)
 */
export async function letSignalsIn(): Promise<void> {
  await turn();
  await turn();
}
