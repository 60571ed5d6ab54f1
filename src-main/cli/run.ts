/** `petstore <command>`: the headless entry to the store service, run on any streams (main.ts gives it the process's). */
import { backup, BACKUP_USAGE, EXPORT_USAGE, exportData, IMPORT_USAGE, importData, restore, RESTORE_USAGE } from './commands/data';
import { serve, SERVE_USAGE } from './commands/serve';
import { seed, SEED_USAGE } from './commands/seed';
import { settings, SETTINGS_USAGE } from './commands/settings';
import { token, TOKEN_USAGE } from './commands/token';
import { till, TILL_USAGE } from './commands/till';
import { clerk, CLERK_USAGE } from './commands/clerk';
import { CommandContext } from './context';
import type { CliIo } from './io';
import { CliError } from './output';
import { DATABASE_HELP } from './database-option';
import { removeCreatedDatabases, StoreFileError } from '../host/open-store';

/** A command: its usage, and what it does (its exit code, 0 unless it says otherwise). */
interface Command {
  usage: string;
  run: (args: string[], cli: CommandContext) => Promise<number | void> | number | void;
}

const COMMANDS: Record<string, Command> = {
  serve: { usage: SERVE_USAGE, run: serve },
  token: { usage: TOKEN_USAGE, run: token },
  till: { usage: TILL_USAGE, run: till },
  clerk: { usage: CLERK_USAGE, run: clerk },
  settings: { usage: SETTINGS_USAGE, run: settings },
  seed: { usage: SEED_USAGE, run: seed },
  backup: { usage: BACKUP_USAGE, run: backup },
  restore: { usage: RESTORE_USAGE, run: restore },
  export: { usage: EXPORT_USAGE, run: exportData },
  import: { usage: IMPORT_USAGE, run: importData },
};

const USAGE = `Usage: petstore <command> [options]
       petstore <command> --help     (the usage of one command)

${DATABASE_HELP}
A SQLite file: seed, import, token create and serve create it when it does not exist; the other commands
only open an existing one. A PostgreSQL database exists on its server already (README.md, "Running on
PostgreSQL"); serve, backup, restore and till pair work on a SQLite file only, for now.

${Object.values(COMMANDS)
  .map((command) => command.usage)
  .join('\n\n')}`;

/** One command's help: its usage and, once, where the database is named. */
const usageOf = (command: Command) => `${command.usage}\n${DATABASE_HELP}`;

const isHelp = (arg: string | undefined) => arg === 'help' || arg === '--help' || arg === '-h';
const commandNamed = (name: string | undefined) => (name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined);

/** `--help` or `-h` among a command's options (after `--` it would be a file name). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return args.slice(0, end === -1 ? undefined : end).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Runs `petstore <argv…>` (argv without node and the script) on `io` and resolves with its exit
 * code: 0 done, 1 failed or refused, 2 a usage mistake. `serve` resolves once a stop signal has
 * stopped it.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  const cli = new CommandContext(io);
  try {
    const command = commandNamed(name);
    if (name === undefined) throw new CliError(USAGE, 2); // a usage mistake (say, in a script), not a request for help
    if (isHelp(name)) {
      if (args[0] !== undefined && !commandNamed(args[0])) throw new CliError(`Unknown command "${args[0]}".\n\n${USAGE}`, 2);
      const topic = commandNamed(args[0]);
      cli.print(topic ? usageOf(topic) : USAGE);
      return 0;
    }
    if (!command) throw new CliError(`Unknown command "${name}".\n\n${USAGE}`, 2);
    if (asksForHelp(args)) {
      cli.print(usageOf(command));
      return 0;
    }
    return (await command.run(args, cli)) ?? 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof StoreFileError) {
      removeCreatedDatabases(cli);
      cli.warn(error.message);
      return error instanceof CliError ? error.exitCode : 1;
    }
    if (error instanceof Error && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      cli.warn(`${error.message}\nSee \`petstore ${name} --help\`.`);
      return 2;
    }
    // An unexpected fault: its message, never a stack trace (the store's own writes are transactions).
    removeCreatedDatabases(cli);
    cli.warn(`petstore ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
