/**
 * Zod configuration that must run before any schema is built (Zod decides per schema, when it is
 * built, whether to compile its validator).
 *
 * Compiled validators (Zod's JIT, `new Function`) parse about three times faster, which every REST
 * request and IPC call pays for. They are on wherever no Content-Security-Policy forbids them: in
 * Node (the main process, the headless server, the CLI). In a page (the renderer, the preload)
 * they are off: Zod's `new Function` probe alone would be reported as a CSP violation.
 */
import { z } from 'zod';

const inAPage = typeof (globalThis as { document?: unknown }).document !== 'undefined';

z.config({
  jitless: inAPage,
  // A missing required field reads "Required" rather than "expected string, received undefined".
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});

export { z };
