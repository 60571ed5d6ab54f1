import { join } from 'node:path';
import { freshBundle, HOST_BUNDLE_DIR, HOST_BUNDLE_FILE } from '../../bin/cli-bundle.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * How to start the browser host with `args`: its bundle (out/host, built by `npm run build` and
 * `npm ci`), which starts in a third of the time, or the TypeScript through tsx when a source
 * changed since the bundle was built, so a test never runs older code than the files.
 */
export function hostCommand(args: string[]): { command: string; args: string[] } {
  const bundle = freshBundle(ROOT, HOST_BUNDLE_DIR, HOST_BUNDLE_FILE);
  const entry = bundle ? [bundle] : ['--import', 'tsx', join(ROOT, 'src-main', 'browser-host', 'main.ts')];
  return { command: process.execPath, args: [...entry, ...args] };
}
