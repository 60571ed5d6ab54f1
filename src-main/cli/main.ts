/** `petstore <command>`: the headless entry to the store service. */
import { backup, DATA_USAGE, exportData, importData } from './commands/data';
import { serve, SERVE_USAGE } from './commands/serve';
import { seed, SEED_USAGE } from './commands/seed';
import { token, TOKEN_USAGE } from './commands/token';
import { CliError } from './output';

const USAGE = `Usage: petstore <command> [options]

${SERVE_USAGE}

${TOKEN_USAGE}

${SEED_USAGE}

${DATA_USAGE}`;

const [command, ...args] = process.argv.slice(2);

try {
  switch (command) {
    case 'serve':
      await serve(args);
      break;
    case 'token':
      token(args);
      break;
    case 'seed':
      seed(args);
      break;
    case 'backup':
      await backup(args);
      break;
    case 'export':
      await exportData(args);
      break;
    case 'import':
      await importData(args);
      break;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      break;
    default:
      throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2);
  }
} catch (error) {
  if (error instanceof CliError) {
    console.error(error.message);
    process.exitCode = error.exitCode;
  } else if (error instanceof Error && (error.name === 'DatabaseTooNewError' || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS'))) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
