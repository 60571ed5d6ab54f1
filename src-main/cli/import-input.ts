import { closeSync, openSync, readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { decodeImportText } from '../../src-shared/import-text';
import { MAX_IMPORT_BYTES, MAX_IMPORT_MIB } from '../../src-shared/schemas/data';
import { statOf } from '../db/live-files';
import type { CommandContext } from './context';
import { CliError } from './output';

/**
 * What names standard input. It is read from the run's stdin stream, not opened by its name:
 * when stdin is a socket (a child of another program), opening /dev/stdin fails with ENXIO.
 */
const STDIN_NAMES = new Set(['-', '/dev/stdin']);

export interface ImportInput {
  /** How messages name the input: the file as given, or "standard input" for `-`. */
  name: string;
  content: string;
  /** For stdin only (it has no name to tell the format by): JSON when it starts as JSON does, else CSV. */
  sniffedFormat?: 'json' | 'csv';
}

/**
 * The text of an import's FILE, refused past the size limit without reading on: a regular file by
 * its size first (a file of gigabytes would be read whole), a pipe as it comes (it has no size).
 * Bytes, as the file's size is given; the app checks the same.
 */
export async function readImportInput(cli: CommandContext, path: string): Promise<ImportInput> {
  const fromStdin = STDIN_NAMES.has(path);
  const name = path === '-' ? 'standard input' : path;
  const tooLarge = () => new CliError(`${name} is larger than ${MAX_IMPORT_MIB} MiB: split it into smaller files`);
  if (!fromStdin && (statOf(cli.path(path))?.size ?? 0n) > BigInt(MAX_IMPORT_BYTES)) throw tooLarge();
  if (fromStdin && cli.io.stdin.isTTY) cli.warn('Reading the import from standard input; end it with Ctrl-D.');
  let content: string;
  try {
    const bytes = fromStdin ? await readStreamAtMost(cli.io.stdin, MAX_IMPORT_BYTES) : readAtMost(cli.path(path), MAX_IMPORT_BYTES);
    if (!bytes) throw tooLarge();
    content = decodeImportText(bytes, name);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const reason = (error as Error).message;
    throw new CliError((error as NodeJS.ErrnoException).code ? `Cannot read ${name}: ${reason}` : reason);
  }
  return { name, content, sniffedFormat: fromStdin ? (/^\s*[[{]/.test(content) ? 'json' : 'csv') : undefined };
}

/** Standard input's bytes, or undefined as soon as more than `limit` came (the rest is not read). */
async function readStreamAtMost(stdin: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) {
      stdin.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** A file's bytes, or undefined as soon as it turns out to hold more than `limit` (a named pipe is not read to its end). */
function readAtMost(file: string, limit: number): Buffer | undefined {
  const fd = openSync(file, 'r');
  try {
    const scratch = Buffer.allocUnsafe(1024 * 1024);
    const chunks: Buffer[] = [];
    let total = 0;
    for (let read; (read = readSync(fd, scratch, 0, scratch.length, null)) > 0; ) {
      total += read;
      if (total > limit) return undefined;
      chunks.push(Buffer.from(scratch.subarray(0, read))); // a copy of what came: a pipe gives 64 KiB at a time
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}
