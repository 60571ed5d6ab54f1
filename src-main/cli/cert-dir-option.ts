import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandContext } from './context';
import { CliError } from './output';

/** `--cert-dir` given with a database file: its certificate is beside it, as ever. */
export const CERT_DIR_ON_A_FILE = '--cert-dir is for PostgreSQL: on a database file the certificate is kept beside it';

/**
 * Where the shop certificate of a store on PostgreSQL lives (`--cert-dir DIR`, the same folder for
 * every server of the shop): the base its files are named from, as a database file's are. The
 * folder must exist; the certificate is made in it at first use.
 */
export function certificateBaseIn(certDir: string | undefined, cli: CommandContext): string | undefined {
  if (certDir === undefined) return undefined;
  const folder = cli.path(certDir);
  if (!existsSync(folder)) throw new CliError(`--cert-dir: there is no folder ${folder}`, 2);
  return join(folder, 'petstore');
}
