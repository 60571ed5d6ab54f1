import type { Readable } from 'node:stream';

/** What a run of the CLI reads and writes besides its arguments: the process's, or a test's. */
export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  /** For `import -`; `isTTY` says whether a person types it (then the CLI says how to end it). */
  stdin: Readable & { isTTY?: boolean };
  /** PETSTORE_API_TOKEN for `serve`. */
  env: Record<string, string | undefined>;
  /** The folder relative paths (--db, --to, --out, FILE) are read from. */
  cwd: string;
  /** Ctrl-C and SIGTERM: `serve` stops on them; backup and import tidy up first. */
  signals: StopSignals;
}

export interface TextSink {
  write(text: string): unknown;
}

export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface StopSignals {
  /**
   * Calls `listener` once for each of SIGINT and SIGTERM that comes while watched (as
   * `process.once` would); returns the function that stops watching. Unwatched, a signal ends the
   * process as usual.
   */
  watch(listener: (signal: StopSignal) => void): () => void;
  /** Ends the run at once as a shell reports a process that signal ended: 128 + its number. */
  end(signal: StopSignal): never;
}
