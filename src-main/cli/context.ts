import { resolve } from 'node:path';
import type { CliIo } from './io';

/** One run of a command: where its output goes, how its paths are read, the databases it created. */
export class CommandContext {
  /** The database files this run created: a command that then fails leaves none behind. */
  readonly createdDatabases = new Set<string>();

  constructor(readonly io: CliIo) {}

  /** A path from the command line, absolute: a relative one is read from the run's folder. */
  path(given: string): string {
    return resolve(this.io.cwd, given);
  }

  /** A line of the command's answer, on stdout. */
  print(line: string): void {
    this.io.stdout.write(`${line}\n`);
  }

  /** A line for the person running it (a note, a warning, a refusal), on stderr. */
  warn(line: string): void {
    this.io.stderr.write(`${line}\n`);
  }
}
