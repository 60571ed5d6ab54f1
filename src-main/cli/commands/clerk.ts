import { parseArgs } from 'node:util';
import type { Clerk } from '../../../src-shared/schemas/clerk';
import type { CommandContext } from '../context';
import { openAnyStore } from '../../host/open-any-store';
import { databaseOf } from '../database-option';
import { CliError, printError } from '../output';
import { readPin } from '../pin-input';

export const CLERK_USAGE = `petstore clerk add NAME [--role clerk|owner] [--db FILE]
petstore clerk list [--all] [--db FILE] [--json]
petstore clerk pin ID [--db FILE]
petstore clerk role ID clerk|owner [--db FILE]
petstore clerk leave ID [--db FILE]
  The clerks who sign in at the tills with a PIN (4 to 8 digits) when clerk logins are on. add and pin read
  the PIN from stdin (typed twice at a terminal, unseen); a new PIN, role or leaving ends the clerk's sessions.
  An owner locked out gets back in here: a new PIN, or \`petstore settings set clerkLogins=false\`.`;

const ACTIONS = ['add', 'list', 'pin', 'role', 'leave'] as const;
type Action = (typeof ACTIONS)[number];

/** A clerk's ID from the command line, checked before the database is opened. */
function clerkId(given: string | undefined, action: Action): number {
  const hint = '(see `petstore clerk list`)';
  if (given === undefined) throw new CliError(`clerk ${action} needs a clerk id ${hint}`, 2);
  if (!/^\d+$/.test(given) || !Number.isSafeInteger(Number(given)) || Number(given) < 1) throw new CliError(`"${given}" is not a clerk id ${hint}`, 2);
  return Number(given);
}

function role(given: string | undefined): 'clerk' | 'owner' {
  if (given !== 'clerk' && given !== 'owner') throw new CliError(`The role must be clerk or owner${given === undefined ? '' : `, not "${given}"`}`, 2);
  return given;
}

const shown = (clerk: Clerk) => `${clerk.name} (${clerk.role}${clerk.active ? '' : ', left'})`;

/** `petstore clerk …`: the owner at the server's machine manages the clerks. */
export async function clerk(args: string[], cli: CommandContext): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      role: { type: 'string', default: 'clerk' },
      all: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (!ACTIONS.includes(action as Action)) throw new CliError(CLERK_USAGE, 2);
  const act = action as Action;
  const takes = { add: 1, list: 0, pin: 1, role: 2, leave: 1 }[act];
  if (positionals.length > takes) {
    throw new CliError(`Unexpected argument '${positionals[takes]}'. clerk ${act} takes ${takes || 'no'} argument${takes === 1 ? '' : 's'}\nSee \`petstore clerk --help\`.`, 2);
  }
  if (act === 'add' && !positionals[0]) throw new CliError('clerk add needs the clerk\'s name', 2);
  const id = act === 'add' || act === 'list' ? 0 : clerkId(positionals[0], act);
  const newRole = act === 'add' ? role(values.role) : act === 'role' ? role(positionals[1]) : undefined;
  const pin = act === 'add' || act === 'pin' ? await readPin(cli, act === 'add' ? `PIN for ${positionals[0]}` : `New PIN for clerk ${id}`) : undefined;

  const store = await openAnyStore(databaseOf(values.db, cli), act === 'list' ? 'read-only' : 'must-exist', cli);
  try {
    const call = async (name: 'clerks.create' | 'clerks.update' | 'clerks.list', input: unknown) => {
      const result = await store.call(name, input);
      if (!result.ok) printError(result.error);
      return result.data;
    };
    if (act === 'list') {
      const clerks = (await call('clerks.list', { includeInactive: values.all })) as Clerk[];
      if (values.json) cli.print(JSON.stringify(clerks));
      else if (!clerks.length) cli.print('No clerks.');
      else for (const c of clerks) cli.print(`${String(c.id).padStart(4)}  ${shown(c)}`);
    } else if (act === 'add') {
      const added = (await call('clerks.create', { name: positionals[0], role: newRole, pin })) as Clerk;
      cli.print(`Clerk ${added.id} added: ${shown(added)}.`);
    } else {
      const change = act === 'pin' ? { pin } : act === 'role' ? { role: newRole } : { active: false };
      const changed = (await call('clerks.update', { clerkId: id, ...change })) as Clerk;
      cli.print(act === 'pin' ? `Clerk ${id} (${changed.name}) has a new PIN.` : `Clerk ${id} is now ${shown(changed)}.`);
    }
  } finally {
    await store.close();
  }
}
