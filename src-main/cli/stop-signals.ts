import { constants } from 'node:os';
import type { StopSignal, StopSignals } from './io';

/** The process's own Ctrl-C and SIGTERM, watched only while a command asks (else they end it at once). */
export const processStopSignals: StopSignals = {
  watch(listener) {
    const onInterrupt = () => listener('SIGINT');
    const onTerminate = () => listener('SIGTERM');
    process.once('SIGINT', onInterrupt);
    process.once('SIGTERM', onTerminate);
    return () => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
    };
  },
  end(signal) {
    process.exit(128 + constants.signals[signal]);
  },
};

/**
 * Ctrl-C (SIGINT) and SIGTERM for a command that must tidy up before it ends (a half-written copy,
 * a store it created). `onStop` runs once, then the run ends as a shell reports a process that
 * signal ended (128 + its number: 130 for SIGINT, 143 for SIGTERM); the returned function stops
 * watching, after which a signal ends the process as usual.
 */
export function onStopSignal(signals: StopSignals, onStop: (signal: StopSignal) => void): () => void {
  return signals.watch((signal) => {
    onStop(signal);
    signals.end(signal);
  });
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
