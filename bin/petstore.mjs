#!/usr/bin/env -S node --no-memory-reducer
// The `petstore` command (npx petstore …): runs the TypeScript CLI through tsx, no build step.
// --no-memory-reducer: `petstore serve` is a server; V8's memory reducer, which shrinks an idle
// process's heap, left it answering about a fifth slower for the rest of the next burst (see
// docs/decisions.md). The npm scripts that start this file pass the same flag.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/cli/main.ts');
