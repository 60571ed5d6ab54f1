import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * better-sqlite3 must be compiled for the runtime that loads it: Node 20 (ABI 115) for tests and
 * the headless server, Electron (its own ABI) for the app. npm's build stays in node_modules for
 * Node; scripts/prepare-electron-sqlite.mjs puts an Electron build in `native/electron/`, which the
 * app passes as `nativeBinding`. Returns undefined under plain Node (use the default).
 */
export function nativeBindingForRuntime(appRoot: string): string | undefined {
  if (!process.versions.electron) return undefined;
  const electronBuild = join(appRoot, 'native', 'electron', 'better_sqlite3.node');
  return existsSync(electronBuild) ? electronBuild : undefined;
}
