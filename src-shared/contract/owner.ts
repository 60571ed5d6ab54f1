/** Owner settings, tokens and the REST listener: in-process only (IPC, CLI), never over REST. */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { Id, hasSomeField, someFieldRequired } from '../schemas/common';
import { SettingsPatch, StoreSettings } from '../schemas/settings';
import { ApiToken, CreatedToken, NewToken } from '../schemas/token';
import { ListenerStatus } from '../schemas/listener';

export const ownerOperations = {
  /** The owner's settings. */
  'settings.get': op({
    tag: 'Settings',
    summary: 'Read the settings',
    input: z.strictObject({}),
    output: StoreSettings,
    stability: 'stable',
    mutates: false,
    access: 'anyone',
  }),
  /** Change some settings; returns all of them. */
  'settings.update': op({
    tag: 'Settings',
    summary: 'Change settings',
    input: SettingsPatch,
    output: StoreSettings,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /** Create an API token; its secret is in this answer only. */
  'tokens.create': op({
    tag: 'Settings',
    summary: 'Create an API token',
    input: NewToken,
    output: CreatedToken,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /** Every API token, newest first, without secrets. */
  'tokens.list': op({
    tag: 'Settings',
    summary: 'List API tokens',
    input: z.strictObject({ includeRevoked: z.boolean().default(false) }),
    output: z.array(ApiToken),
    stability: 'stable',
    mutates: false,
    access: 'owner',
  }),
  /** Revoke a token: it stops working at once. */
  'tokens.revoke': op({
    tag: 'Settings',
    summary: 'Revoke an API token',
    input: z.strictObject({ tokenId: Id }),
    output: ApiToken,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /** Whether the REST listener runs, and where. */
  'listener.status': op({
    tag: 'Settings',
    summary: 'REST listener status',
    input: z.strictObject({}),
    output: ListenerStatus,
    stability: 'stable',
    mutates: false,
    access: 'owner',
  }),
  /** Start the REST listener on the configured address (and keep it on at the next start). */
  'listener.start': op({
    tag: 'Settings',
    summary: 'Start the REST listener',
    input: z.strictObject({}),
    output: ListenerStatus,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /**
   * Change the listener's address, port or both; one not given stays where the listener is now
   * (a window that read it earlier cannot move it back). A running listener moves there at once;
   * if it cannot (the port is taken), it keeps running where it was and the settings stay as they were.
   */
  'listener.move': op({
    tag: 'Settings',
    summary: 'Move the REST listener',
    input: StoreSettings.pick({ listenerHost: true, listenerPort: true })
      .partial()
      .strict()
      .refine(hasSomeField, someFieldRequired('An address or a port is required')),
    output: ListenerStatus,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /** Stop the REST listener (in-flight requests finish first). */
  'listener.stop': op({
    tag: 'Settings',
    summary: 'Stop the REST listener',
    input: z.strictObject({}),
    output: ListenerStatus,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /** Counts, stock by category, open orders and recent activity for the dashboard. */
} as const;
