/**
 * The receipt's PDF (desktop-handlers.ts's app.printToPdf writes it with writePrivateFile): readable
 * by its owner only (0600), whether the file is new or replaces one, whatever the umask.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { writePrivateFile } from '../../src-main/app/hardening/private-file';

let dir: string;
const modeOf = (file: string) => statSync(file).mode & 0o777;
const PDF = new TextEncoder().encode('%PDF-1.7 receipt');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-private-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('a file the shell writes', () => {
  test('is created with mode 0600 under the usual umask (022), which would leave a plain write 0644', async () => {
    const previous = process.umask(0o022);
    try {
      const file = join(dir, 'receipt-12.pdf');
      await writePrivateFile(file, PDF);
      expect(modeOf(file)).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toBe('%PDF-1.7 receipt');
    } finally {
      process.umask(previous);
    }
  });

  test('replacing a file others could read narrows it to 0600 and leaves only the new bytes', async () => {
    const file = join(dir, 'receipt-12.pdf');
    writeFileSync(file, 'an older and longer receipt than the new one');
    chmodSync(file, 0o644);
    await writePrivateFile(file, PDF);
    expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('%PDF-1.7 receipt');
  });
});
