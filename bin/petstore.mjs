#!/usr/bin/env node
// The `petstore` command (npx petstore …): runs the TypeScript CLI through tsx, no build step.
// `serve` runs in a child process with the server's own Node flags (server-node-flags.mjs).
import { register } from 'tsx/esm/api';
import { relaunchedWith, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

if (!(process.argv[2] === 'serve' && relaunchedWith(SERVER_NODE_FLAGS))) {
  register();
  await import('../src-main/cli/main.ts');
}
