/**
 * Zod configuration that must run before any schema is built.
 * Zod 4 probes `new Function('')` to decide whether it may compile validators; under the
 * renderer's strict CSP that probe is reported as a violation, so JIT is switched off everywhere.
 */
import { z } from 'zod';

z.config({
  jitless: true,
  // A missing required field reads "Required" rather than "expected string, received undefined".
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});

export { z };
