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

export function printError(error: ErrorBody): never {
  throw new CliError(`${error.code}: ${error.message}${error.details?.length ? `\n${error.details.map((detail) => `  ${detailLine(detail)}`).join('\n')}` : ''}`);
}
