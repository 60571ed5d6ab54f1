import { z } from '../../src-shared/zod-setup';
import { NewClerk, Pin } from '../../src-shared/schemas/clerk';

const SAME_PIN = { path: ['pinAgain'], message: 'The two PINs differ: type the same PIN twice' };

/** Add clerk: the service's NewClerk, with the PIN typed twice (only `pin` is sent). */
export const NewClerkForm = NewClerk.extend({ pinAgain: z.string() }).refine((clerk) => clerk.pin === clerk.pinAgain, SAME_PIN);

/** Change PIN: a new PIN, typed twice. */
export const NewPinForm = z.strictObject({ pin: Pin, pinAgain: z.string() }).refine((form) => form.pin === form.pinAgain, SAME_PIN);
