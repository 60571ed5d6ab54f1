/**
 * A till's pairing with its shop server, kept in a private file (0600) written whole or not at all:
 * the connected till reads it at start (docs/decisions.md#pairing-a-till).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from '../../src-shared/zod-setup';
import { syncFile, syncFolder } from '../db/durable-files';
import { createPrivateFile } from '../db/private-files';

export const TillPairing = z.object({
  /** The shop server's origin, `https://host:port`. */
  server: z.string(),
  /** The certificate pinned at pairing (SHA-256, upper-case hex pairs joined by ':'). */
  fingerprint: z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/),
  tillId: z.int().min(1),
  tillName: z.string(),
  /** The till's bearer token. */
  secret: z.string().min(1),
});
export type TillPairing = z.infer<typeof TillPairing>;

/** Writes the pairing to `path`: a private temporary file, synced, renamed over it. */
export function writeTillFile(path: string, pairing: TillPairing): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    createPrivateFile(temporary);
    writeFileSync(temporary, `${JSON.stringify(TillPairing.parse(pairing), null, 2)}\n`);
    syncFile(temporary);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(dirname(path));
}

/** The pairing kept at `path`, or undefined when this till is not paired; a file that is not one is said, with its name. */
export function readTillFile(path: string): TillPairing | undefined {
  if (!existsSync(path)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not a till's pairing file (${(error as Error).message}): pair the till again`, { cause: error });
  }
  const pairing = TillPairing.safeParse(parsed);
  if (!pairing.success) throw new Error(`${path} is not a till's pairing file (${pairing.error.issues[0]?.message}): pair the till again`);
  return pairing.data;
}
