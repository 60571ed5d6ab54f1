/** The service itself. */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { Health } from '../schemas/service';

export const serviceOperations = {
  /** Liveness and version; needs no token. */
  'service.health': op({
    tag: 'Service',
    summary: 'Health check',
    description: 'Needs no token. Query parameters are ignored (uptime monitors add cache-busting ones).',
    // Not strict, unlike every other input: a monitor's `?_=1712345678` must not turn a healthy service red.
    input: z.object({}),
    output: Health,
    stability: 'stable',
    mutates: false,
    access: 'anyone',
    http: { method: 'GET', path: '/health', success: 200, auth: 'none', errors: [] },
  }),
} as const;
