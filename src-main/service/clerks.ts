import { StoreError, validationFailed } from '../../src-shared/errors';
import { fold } from '../../src-shared/name-keys';
import { CLERKS_MAX, type Clerk } from '../../src-shared/schemas/clerk';
import type { ClerkRow } from '../db/repositories/clerks';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { hashPin } from './pin-hash';

const toClerk = ({ pinHash: _pinHash, active, ...clerk }: ClerkRow): Clerk => ({ ...clerk, active: active === 1 });

/** Clerks, their roles and PINs (docs/decisions.md#clerk-logins). */
export const clerkHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'clerks'> => {
  const { clerks, clerkSessions: sessions } = ctx;

  function* requireFreeName(name: string, exceptId?: number): Step<string> {
    const key = fold(name);
    const holder = yield* clerks.findByKey(key);
    if (holder && holder.id !== exceptId) throw validationFailed([{ path: 'name', message: `Another clerk is named "${holder.name}"` }]);
    return key;
  }

  /** With logins on, the shop keeps an active owner: the last one stays one (`field`: what would end it). */
  function* keepAnOwner(clerk: ClerkRow, field: 'role' | 'active'): Step<void> {
    if (clerk.role !== 'owner' || clerk.active !== 1 || !(yield* ctx.setting('clerkLogins')) || (yield* clerks.activeOwnerCount()) > 1) return;
    const message =
      field === 'role'
        ? `${clerk.name} is the last active owner: make another clerk an owner first, or switch clerk logins off`
        : `${clerk.name} is the last active owner and cannot leave: make another clerk an owner first, or switch clerk logins off`;
    throw validationFailed([{ path: field, message }]);
  }

  return {
    *'clerks.list'({ includeInactive }) {
      return (yield* clerks.all()).filter((clerk) => includeInactive || clerk.active === 1).map(toClerk);
    },

    'clerks.create': ({ name, role, pin }) => {
      const pinHash = hashPin(pin); // slow: before the write lock is taken
      return ctx.write(function* () {
        if ((yield* clerks.count()) >= CLERKS_MAX) throw validationFailed([{ path: 'name', message: `A shop keeps at most ${CLERKS_MAX} clerks, those who left included` }]);
        const id = yield* clerks.insert(name, yield* requireFreeName(name), role, pinHash, new Date().toISOString());
        return toClerk((yield* clerks.find(id))!);
      });
    },

    'clerks.update': ({ clerkId, name, role, pin, active }) => {
      const pinHash = pin === undefined ? undefined : hashPin(pin);
      return ctx.write(function* () {
        const clerk = yield* clerks.find(clerkId);
        if (!clerk) throw new StoreError('NOT_FOUND', `Clerk ${clerkId} does not exist`);
        if (name !== undefined && name !== clerk.name) yield* clerks.rename(clerkId, name, yield* requireFreeName(name, clerkId));
        let endSessions = pinHash !== undefined;
        if (role !== undefined && role !== clerk.role) {
          if (role === 'clerk') yield* keepAnOwner(clerk, 'role');
          yield* clerks.setRole(clerkId, role);
          endSessions = true;
        }
        if (active !== undefined && active !== (clerk.active === 1)) {
          if (!active) yield* keepAnOwner((yield* clerks.find(clerkId))!, 'active');
          yield* clerks.setActive(clerkId, active);
          endSessions = true;
        }
        if (pinHash !== undefined) yield* clerks.setPin(clerkId, pinHash);
        // Whoever signed in under the old PIN or role signs in again.
        if (endSessions) yield* sessions.endOfClerk(clerkId, new Date().toISOString());
        return toClerk((yield* clerks.find(clerkId))!);
      });
    },
  };
});
