import { z } from '../zod-setup';

export const Health = z
  .object({
    status: z.literal('ok'),
    version: z.string().describe('The application version.'),
    apiVersion: z.string().describe('The OpenAPI document version.'),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
