/** Clerks and their sessions at the tills (docs/decisions.md#clerk-logins). */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { CLERKS_MAX, Clerk, ClerkPatch, NewClerk, SignInRequest, SignInState, StartedSession } from '../schemas/clerk';
import { Nothing } from './refs';

export const clerkOperations = {
  /** The clerks a till offers to sign in as (active ones unless asked), by name. */
  'clerks.list': op({
    tag: 'Settings',
    summary: 'List the clerks',
    input: z.strictObject({ includeInactive: z.boolean().default(false) }),
    output: z.array(Clerk).max(CLERKS_MAX),
    stability: 'beta',
    mutates: false,
    access: 'anyone',
    http: { method: 'GET', path: '/clerks', success: 200, errors: [] },
  }),
  /** A new clerk with a role and a PIN (in-process: the owner, on the server's machine). */
  'clerks.create': op({
    tag: 'Settings',
    summary: 'Add a clerk',
    input: NewClerk,
    output: Clerk,
    stability: 'beta',
    mutates: true,
    access: 'owner',
  }),
  /** Rename a clerk, change their role or PIN, or mark them as left (ending their open sessions). */
  'clerks.update': op({
    tag: 'Settings',
    summary: 'Change a clerk',
    input: ClerkPatch,
    output: Clerk,
    stability: 'beta',
    mutates: true,
    access: 'owner',
  }),
  /** Whether clerks sign in, the idle lock, and who is signed in here. */
  'sessions.current': op({
    tag: 'Service',
    summary: 'Who is signed in',
    input: z.strictObject({}),
    output: SignInState,
    stability: 'beta',
    mutates: false,
    access: 'anyone',
    http: { method: 'GET', path: '/sessions/current', success: 200, errors: [] },
  }),
  /** A clerk signs in at a till with their PIN; the answer's secret is the till's bearer token until the session ends. */
  'sessions.start': op({
    tag: 'Service',
    summary: 'Sign a clerk in',
    description:
      "With a paired till's token only (another token is 403 `FORBIDDEN`). A wrong PIN, or a clerk who is unknown or has left, is 403 `PIN_INCORRECT`; " +
      'after 5 wrong PINs for one clerk at one till, each further try waits (429 `AUTH_THROTTLED`, Retry-After), and failures count towards the address\'s throttle. ' +
      "Send the answer's `secret` as the bearer token of the till's calls; revoking the till, a new PIN or role for the clerk, or 12 hours end the session. " +
      'A 200, not a 201: a session has no address of its own to read it at (`GET /v1/sessions/current` answers who is signed in).',
    input: SignInRequest,
    output: StartedSession,
    stability: 'beta',
    mutates: true,
    access: 'anyone',
    http: { method: 'POST', path: '/sessions', success: 200, body: '*', errors: ['PIN_INCORRECT', 'AUTH_THROTTLED'] },
  }),
  /** The clerk signs out (or the till locks): the session's secret opens nothing from now on. */
  'sessions.end': op({
    tag: 'Service',
    summary: 'Sign the clerk out',
    input: z.strictObject({}),
    output: Nothing,
    stability: 'beta',
    mutates: true,
    access: 'anyone',
    http: { method: 'DELETE', path: '/sessions/current', success: 204, errors: [] },
  }),
} as const;
