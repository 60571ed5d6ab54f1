/**
 * Zod configuration that must run before any schema is built (Zod decides per schema, when it is
 * built, whether to compile its validator): compiled in Node, not in a page
 * (docs/decisions.md#zod-compiles-validators-outside-pages-only).
 */
import { z } from 'zod';

const inAPage = typeof (globalThis as { document?: unknown }).document !== 'undefined';

/** What a value must be, by the type Zod expected: said to a clerk or an integrator, not in Zod's terms. */
const MUST_BE: Record<string, string> = {
  int: 'Must be a whole number',
  number: 'Must be a number',
  string: 'Must be text',
  boolean: 'Must be true or false',
  object: 'Must be an object',
  array: 'Must be a list',
};

/** Bounds in plain words: "Must be at most 65535", "Must be at least 3 characters", "Must have at most 50 items". */
function bound(side: 'least' | 'most', origin: string, limit: unknown, inclusive: boolean | undefined): string | undefined {
  if (typeof limit !== 'number' && typeof limit !== 'bigint') return undefined;
  const n = Number(limit);
  const plural = n === 1 ? '' : 's';
  const shown = n.toLocaleString('en-US'); // 1,000,000: the same in every locale, as the rest of the text
  if (origin === 'string') return `Must be at ${side} ${shown} character${plural}`;
  if (origin === 'array' || origin === 'set') return `Must have at ${side} ${shown} item${plural}`;
  if (inclusive === false) return `Must be ${side === 'least' ? 'more' : 'less'} than ${shown}`;
  return `Must be at ${side} ${shown}`;
}

z.config({
  jitless: inAPage,
  // Messages a person can act on. Schemas' own messages (`.min(1, '…')`) still win.
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return 'Required';
      // null is a value, not an absence: an optional field given null is told what it takes.
      if (issue.input === null) return MUST_BE[issue.expected] ? `${MUST_BE[issue.expected]}, not null` : undefined;
      return MUST_BE[issue.expected];
    }
    if (issue.code === 'invalid_value' && issue.values.length > 1) return `Must be one of: ${issue.values.map(String).join(', ')}`;
    if (issue.code === 'too_small') return bound('least', issue.origin, issue.minimum, issue.inclusive);
    if (issue.code === 'too_big') return bound('most', issue.origin, issue.maximum, issue.inclusive);
    return undefined;
  },
});

export { z };
