#!/usr/bin/env -S node --no-memory-reducer --min-semi-space-size=4
// The `petstore` command (npx petstore …): runs the TypeScript CLI through tsx, no build step.
// The flags are for `petstore serve`, a server (docs/decisions.md, "The headless server's process"):
// --no-memory-reducer: V8's memory reducer, which shrinks an idle process's heap, left it answering
// about a fifth slower for the rest of the next burst.
// --min-semi-space-size=4: the young generation no longer shrinks below 4 MiB after a quiet spell,
// so a burst collects it half as often: about 4% less CPU per pet by id.
// The npm scripts that start this file pass the same flags.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/cli/main.ts');
