import { z } from '../zod-setup';
import { Id, Name } from './common';

export const TokenScope = z.enum(['read', 'write']).describe('`read`: GET only. `write`: everything.');
export type TokenScope = z.infer<typeof TokenScope>;

/** What a stored token may be: an API token's scope, or `till` (a paired till's: writes as `write` does today). */
export type StoredTokenScope = TokenScope | 'till';

/** An API token as listed: never the secret, which is shown once at creation and stored as a hash. */
export const ApiToken = z.object({
  id: Id,
  label: z.string(),
  scope: TokenScope,
  /** The first characters of the secret, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const NewToken = z.strictObject({
  label: Name.describe('What the token is for, e.g. "web shop sync".'),
  scope: TokenScope,
});

export const CreatedToken = z.object({
  token: ApiToken,
  /** The bearer secret; shown this once, never stored. */
  secret: z.string(),
});
