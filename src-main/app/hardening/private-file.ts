import { open } from 'node:fs/promises';

/**
 * Writes a file that only its owner may read (mode 0600): a receipt is the shop's record of a sale,
 * not for the machine's other users. A file that already existed (the clerk chose to replace it)
 * gets 0600 too.
 */
export async function writePrivateFile(path: string, data: Uint8Array): Promise<void> {
  const file = await open(path, 'w', 0o600);
  try {
    await file.chmod(0o600); // the mode of open() applies only to a new file, and the umask may narrow it
    await file.writeFile(data);
  } finally {
    await file.close();
  }
}
