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
  /** Whether it speaks HTTPS (always when it serves the network, not only this machine). */
  https: z.boolean(),
  /** SHA-256 of its certificate (upper-case hex pairs joined by ':') when it runs with HTTPS: what a till pins. */
  fingerprint: z.string().nullable(),
  /** The addresses tills on the network enter (https://…), when it runs on an address other than loopback. */
  tillAddresses: z.array(z.string()),
  /** Whether the app starts it when it starts (the saved `listenerEnabled`; another program may change it). */
  startsWithApp: z.boolean(),
});
export type ListenerStatus = z.infer<typeof ListenerStatus>;
