import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The browser tests serve a private copy of the built renderer (PETSTORE_RENDERER_DIR, read by the
 * browser host), so a rebuild of out/renderer while they run cannot change the page under them.
 */
export default function globalSetup(): () => void {
  if (process.env.PETSTORE_RENDERER_DIR) return () => {};
  const built = join(process.cwd(), 'out', 'renderer');
  if (!existsSync(join(built, 'index.html'))) throw new Error('Build the app first (npm run build): out/renderer is missing');
  const copy = mkdtempSync(join(tmpdir(), 'petstore-renderer-'));
  cpSync(built, copy, { recursive: true });
  process.env.PETSTORE_RENDERER_DIR = copy;
  return () => rmSync(copy, { recursive: true, force: true });
}
