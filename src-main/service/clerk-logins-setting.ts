import { validationFailed } from '../../src-shared/errors';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';

/**
 * What switching clerk logins does, inside settings.update's transaction: on needs an active owner
 * clerk (someone must be able to reach Settings); off ends every session (docs/decisions.md#clerk-logins).
 */
export function* switchClerkLogins(ctx: HandlerContext, on: boolean): Step<void> {
  if (on && (yield* ctx.clerks.activeOwnerCount()) === 0) {
    throw validationFailed([{ path: 'clerkLogins', message: 'Add an owner clerk first: with logins on only an owner may change Settings' }]);
  }
  if (!on) yield* ctx.clerkSessions.endAll(new Date().toISOString());
}
