// Which build of the CLI a start runs: the bundle that `npm run build` (and `npm ci`, through
// `prepare`) writes to out/cli, unless a source changed since; then the TypeScript, through tsx.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The bundle's folder under the project, its file, and the list of the sources it was built from. */
export const BUNDLE_DIR = join('out', 'cli');
export const BUNDLE_FILE = 'petstore.mjs';
export const SOURCES_FILE = 'sources.json';
/** The browser host's bundle (its tests start it), built beside the CLI's. */
export const HOST_BUNDLE_DIR = join('out', 'host');
export const HOST_BUNDLE_FILE = 'browser-host.mjs';

/**
 * The bundle's path when it is there and was built after every source it holds last changed, else
 * undefined. An edit (or a checkout) after the build makes a source newer, so a start never runs
 * code older than the files. A new file counts too: some source changed to import it.
 */
export function freshBundle(root, bundleDir = BUNDLE_DIR, bundleFile = BUNDLE_FILE) {
  const dir = join(root, bundleDir);
  let built;
  try {
    built = JSON.parse(readFileSync(join(dir, SOURCES_FILE), 'utf8'));
    statSync(join(dir, bundleFile));
  } catch {
    return undefined; // never built, or a build that did not finish
  }
  for (const source of built.sources) {
    const changed = statSync(join(root, source), { throwIfNoEntry: false })?.mtimeMs;
    if (changed === undefined || changed >= built.startedAt) return undefined;
  }
  return join(dir, bundleFile);
}
