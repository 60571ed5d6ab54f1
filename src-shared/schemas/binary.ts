import { z } from '../zod-setup';

/**
 * Bytes in an operation's input or output (a photo): a Uint8Array in process and over IPC (Electron
 * clones it as one), the raw body over REST (a Buffer, which is a Uint8Array).
 */
const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array;

export const Bytes = z
  .custom<Uint8Array>(isBytes, { message: 'Must be bytes (a Uint8Array)' })
  .refine((bytes) => bytes.byteLength > 0, 'Must not be empty');

/** A file an operation answers with: over REST its bytes are the body and `contentType` its Content-Type. */
export const BinaryFile = z.object({
  contentType: z.string(),
  bytes: z.custom<Uint8Array>(isBytes),
});
export type BinaryFile = z.infer<typeof BinaryFile>;
