import { z } from '../zod-setup';
import { DateTime, Id, NAME_MAX, Name, hasSomeField, someFieldRequired } from './common';

/** `owner`: everything, owner screens too; `clerk`: the till's work (docs/decisions.md#clerk-logins). */
export const ClerkRole = z.enum(['clerk', 'owner']);
export type ClerkRole = z.infer<typeof ClerkRole>;

/** The most clerks a shop keeps (the ones who left too): a till's sign-in screen lists them all. */
export const CLERKS_MAX = 200;

/** A PIN: 4 to 8 digits, kept as a slow hash (scrypt), never in clear. */
export const Pin = z.string().max(8, 'Must be 4 to 8 digits').regex(/^\d{4,8}$/, 'Must be 4 to 8 digits');

/** A clerk as listed: never the PIN. */
export const Clerk = z
  .object({
    id: Id,
    name: z.string().max(NAME_MAX),
    role: ClerkRole,
    /** A clerk who left: kept for the records they made, cannot sign in. */
    active: z.boolean(),
    createdAt: DateTime,
  })
  .meta({ id: 'Clerk' });
export type Clerk = z.infer<typeof Clerk>;

export const NewClerk = z.strictObject({
  name: Name.describe('The clerk\'s name as tills list it, e.g. "Anna".'),
  role: ClerkRole.default('clerk'),
  pin: Pin,
});

/** A change to a clerk; a new PIN, a new role or leaving ends their open sessions. */
export const ClerkPatch = z
  .strictObject({
    clerkId: Id,
    name: Name.optional(),
    role: ClerkRole.optional(),
    pin: Pin.optional(),
    active: z.boolean().optional(),
  })
  .refine(({ clerkId: _id, ...patch }) => hasSomeField(patch), someFieldRequired('At least one of name, role, pin or active is required'));

/** Who and where: a record's clerk and till as they were named then (null: the owner with logins off; the server's desk). */
export const RecordedBy = {
  clerk: z.object({ id: Id, name: z.string().max(NAME_MAX) }).nullable().describe('The clerk signed in when this was recorded; null with logins off.'),
  till: z.object({ id: Id, name: z.string().max(NAME_MAX) }).nullable().describe('The paired till it was recorded at; null: the shop server\'s own desk or an API token.'),
};

/** A clerk's open session at a till (or at the server's own desk: till null). */
export const ClerkSession = z.object({
  id: Id,
  clerk: z.object({ id: Id, name: z.string().max(NAME_MAX), role: ClerkRole }),
  till: z.object({ id: Id, name: z.string().max(NAME_MAX) }).nullable(),
  startedAt: DateTime,
  expiresAt: DateTime,
});
export type ClerkSession = z.infer<typeof ClerkSession>;

/** What a till asks first: whether clerks must sign in, after how many idle minutes it locks, and who is signed in. */
export const SignInState = z
  .object({
    clerkLogins: z.boolean(),
    idleLockMinutes: z.int().min(0).max(240),
    /** The signed-in clerk's session; null when nobody is (or logins are off). */
    session: ClerkSession.nullable(),
  })
  .meta({ id: 'SignInState' });
export type SignInState = z.infer<typeof SignInState>;

export const SignInRequest = z.strictObject({
  clerkId: Id,
  pin: Pin,
});

/** A started session: its secret is the bearer token of the till's calls until it ends (this answer only). */
export const StartedSession = z.object({
  session: ClerkSession,
  secret: z.string().max(100),
});
export type StartedSession = z.infer<typeof StartedSession>;
