import { z } from '../zod-setup';

/** Where the REST listener stands. */
export const ListenerStatus = z.object({
  running: z.boolean(),
  host: z.string(),
  port: z.int(),
  /** The base address integrators use, when running. */
  url: z.string().nullable(),
  /** Why the last start failed (e.g. the port is taken), if it did. */
  lastError: z.string().nullable(),
  /** Whether the app starts it when it starts (the saved `listenerEnabled`; another program may change it). */
  startsWithApp: z.boolean(),
});
export type ListenerStatus = z.infer<typeof ListenerStatus>;
