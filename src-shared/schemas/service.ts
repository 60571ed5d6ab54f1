import { z } from '../zod-setup';

/** A version's longest spelling (`1.0.0`, `0.1.0-beta.2`): room for any a release would take. */
const VERSION_MAX = 64;

export const Health = z
  .object({
    status: z.literal('ok'),
    version: z.string().max(VERSION_MAX).describe('The application version.'),
    apiVersion: z.string().max(VERSION_MAX).describe('The OpenAPI document version.'),
    store: z
      .enum(['sqlite', 'postgresql'])
      .describe("What the shop's store is on: a SQLite file beside the server, or a PostgreSQL database (backed up with pg_dump by whoever runs it)."),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
