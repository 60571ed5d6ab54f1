/** `petstore <command>`: the headless entry to the store service. */
import { backup, BACKUP_USAGE, EXPORT_USAGE, exportData, IMPORT_USAGE, importData, restore, RESTORE_USAGE } from './commands/data';
import { serve, SERVE_USAGE } from './commands/serve';
import { seed, SEED_USAGE } from './commands/seed';
import { settings, SETTINGS_USAGE } from './commands/settings';
import { token, TOKEN_USAGE } from './commands/token';
import { CliError } from './output';
import { removeCreatedDatabases } from './open-store';

const COMMANDS: Record<string, { usage: string; run: (args: string[]) => unknown }> = {
  serve: { usage: SERVE_USAGE, run: serve },
  token: { usage: TOKEN_USAGE, run: token },
  settings: { usage: SETTINGS_USAGE, run: settings },
  seed: { usage: SEED_USAGE, run: seed },
  backup: { usage: BACKUP_USAGE, run: backup },
  restore: { usage: RESTORE_USAGE, run: restore },
  export: { usage: EXPORT_USAGE, run: exportData },
  import: { usage: IMPORT_USAGE, run: importData },
};

const USAGE = `Usage: petstore <command> [options]
       petstore <command> --help     (the usage of one command)

--db FILE is the database (default ./petstore.db). seed, import, token create and serve create it
when it does not exist; the other commands only open an existing one.

${Object.values(COMMANDS)
  .map((command) => command.usage)
  .join('\n\n')}`;

const isHelp = (arg: string | undefined) => arg === 'help' || arg === '--help' || arg === '-h';
const commandNamed = (name: string | undefined) => (name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined);

/** `--help` or `-h` among a command's options (after `--` it would be a file name). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return args.slice(0, end === -1 ? undefined : end).some((arg) => arg === '--help' || arg === '-h');
}

const [name, ...args] = process.argv.slice(2);

// `petstore import … | head` closes the pipe early: not a failure, and not a reason to stop. The
// command finishes unheard (an import still imports) and exits with its own code (1 when rows were
// skipped). A full disk is a failure, in one line.
let readerGone = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE' || readerGone) {
    readerGone = true; // later writes fail too (the stream is destroyed): nothing more to say
    return;
  }
  console.error(`petstore ${name}: cannot write the output: ${error.message}`);
  process.exit(1);
});

try {
  const command = commandNamed(name);
  if (name === undefined) throw new CliError(USAGE, 2); // a usage mistake (say, in a script), not a request for help
  if (isHelp(name)) {
    if (args[0] !== undefined && !commandNamed(args[0])) throw new CliError(`Unknown command "${args[0]}".\n\n${USAGE}`, 2);
    console.log(commandNamed(args[0])?.usage ?? USAGE);
  }
  else if (!command) throw new CliError(`Unknown command "${name}".\n\n${USAGE}`, 2);
  else if (asksForHelp(args)) console.log(command.usage);
  else await command.run(args);
} catch (error) {
  if (error instanceof CliError) {
    removeCreatedDatabases();
    console.error(error.message);
    process.exitCode = error.exitCode;
  } else if (error instanceof Error && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${error.message}\nSee \`petstore ${name} --help\`.`);
    process.exitCode = 2;
  } else {
    // An unexpected fault: its message, never a stack trace (the store's own writes are transactions).
    removeCreatedDatabases();
    console.error(`petstore ${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
