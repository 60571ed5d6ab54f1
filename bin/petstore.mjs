#!/usr/bin/env node
// The `petstore` command (npx petstore …): runs the TypeScript CLI through tsx, no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/cli/main.ts');
