#!/usr/bin/env -S node --no-memory-reducer --min-semi-space-size=4
// The `petstore` command (npx petstore …): runs the CLI's bundle (out/cli, from `npm run build` or
// `npm ci`), or, when there is none or a source changed since it was built, the TypeScript through tsx.
// The flags are for `petstore serve`, a server (docs/decisions.md#node-flags-for-the-server):
// --no-memory-reducer: V8's memory reducer, which shrinks an idle process's heap, left it answering
// about a fifth slower for the rest of the next burst.
// --min-semi-space-size=4: the young generation no longer shrinks below 4 MiB after a quiet spell,
// so a burst collects it half as often: about 4% less CPU per pet by id.
// The npm scripts that start this file pass the same flags.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshBundle } from './cli-bundle.mjs';

const bundle = freshBundle(fileURLToPath(new URL('..', import.meta.url)));
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src-main/cli/main.ts');
}
