/**
 * In Node the contract's validators are compiled (Zod's JIT; src-shared/zod-setup.ts), in the
 * renderer they are interpreted (its CSP forbids `new Function`). Both must give every input the
 * same answer: the same accepted value, or the same refusal with the same messages. This sends
 * every operation's input schema inputs made of its own field names, unknown and prototype names,
 * and values of every JSON type, and compares the two answers.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { OPERATION_NAMES, operationDef } from '../../src-shared/contract';
import { z } from '../../src-shared/zod-setup';

const SEED = 20_261_123;

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
  fc.array(fc.integer({ min: -2, max: 100_001 }), { maxLength: 3 }),
  fc.constantFrom('available', 'sold', 'id', '-name', '', ' ', 'x'.repeat(300), '2026-01-01', 'read', 'write'),
);

/** An object of the schema's own fields (some left out) and now and then a stranger. */
function inputsFor(shape: Record<string, unknown> | undefined) {
  const known = Object.keys(shape ?? {});
  const key = fc.oneof(
    { arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('id'), weight: 6 },
    fc.constantFrom('__proto__', 'constructor', 'toString', 'extra'),
  );
  return fc.oneof(
    { arbitrary: fc.dictionary(key, value, { maxKeys: known.length + 2 }), weight: 8 },
    value,
  );
}

/** What a client would see: accepted with this value, or refused with these issues. */
function answer(result: { success: boolean; data?: unknown; error?: z.ZodError }) {
  return result.success ? { data: result.data } : { issues: result.error!.issues.map(({ code, path, message }) => ({ code, path, message })) };
}

describe('compiled and interpreted validators', () => {
  test('in Node the validators are compiled', () => {
    expect(z.config().jitless).toBe(false);
  });

  test.each(OPERATION_NAMES)('%s: the same answer for every input', (name) => {
    const schema = operationDef(name).input as z.ZodType & { shape?: Record<string, unknown> };
    fc.assert(
      fc.property(inputsFor(schema.shape), (input) => {
        const compiled = answer(schema.safeParse(input));
        const interpreted = answer(schema.safeParse(input, { jitless: true }));
        expect(compiled).toEqual(interpreted);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
