import { detailLine, type ErrorBody } from '../../src-shared/errors';

/** A failure the CLI reports and exits on; `exitCode` 2 is a usage error. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * Refuses words after the ones a command takes, as parseArgs refuses them for commands that take
 * none: `token revoke 1 2` must not revoke token 1 alone and leave the owner believing 2 is gone.
 */
export function refuseExtraArguments(positionals: string[], command: string, takes?: string): void {
  const extra = positionals[takes === undefined ? 0 : 1];
  if (extra !== undefined) {
    const rule = takes === undefined ? 'does not take positional arguments' : `takes one ${takes}: run it once for each`;
    throw new CliError(`Unexpected argument '${extra}'. ${command} ${rule}\nSee \`petstore ${command.split(' ')[0]} --help\`.`, 2);
  }
}

export function printError(error: ErrorBody): never {
  throw new CliError(`${error.code}: ${error.message}${error.details?.length ? `\n${error.details.map((detail) => `  ${detailLine(detail)}`).join('\n')}` : ''}`);
}
