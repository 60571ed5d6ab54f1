/**
 * A real full disk for the tests that need one: a small tmpfs, which only root may mount (CI runs
 * as root; elsewhere those tests are skipped and say why), filled to its last byte.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const canMountTmpfs = process.getuid?.() === 0;

/** An 8 MiB tmpfs on a new temporary folder; `unmount` takes it away with the folder. */
export function mountTmpfs(): { dir: string; unmount(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir]);
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes a file until the filesystem has no byte left; returns its path. */
export function fillUp(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 16, 1 << 12, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x55);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}
