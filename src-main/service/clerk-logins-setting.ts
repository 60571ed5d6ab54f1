import { validationFailed } from '../../src-shared/errors';
import { clerkSessionsRepository } from '../db/repositories/clerk-sessions';
import { clerksRepository } from '../db/repositories/clerks';
import type { ServiceContext } from './context';

/**
 * What switching clerk logins does, inside settings.update's transaction: on needs an active owner
 * clerk (someone must be able to reach Settings); off ends every session (docs/decisions.md#clerk-logins).
 */
export function clerkLoginsSwitched(ctx: ServiceContext): (on: boolean) => void {
  const clerks = clerksRepository(ctx.db);
  const sessions = clerkSessionsRepository(ctx.db);
  return (on) => {
    if (on && clerks.activeOwnerCount() === 0) {
      throw validationFailed([{ path: 'clerkLogins', message: 'Add an owner clerk first: with logins on only an owner may change Settings' }]);
    }
    if (!on) sessions.endAll(new Date().toISOString());
  };
}
