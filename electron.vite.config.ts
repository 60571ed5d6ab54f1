import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY_META } from './src-main/host/csp';

const __dirname = dirname(fileURLToPath(import.meta.url));

/** Writes the one CSP (src-main/host/csp.ts) into index.html, first in its head. */
const cspMetaTag: Plugin = {
  name: 'petstore-csp-meta',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY_META }, injectTo: 'head-prepend' }],
};

// Our folders are not electron-vite's defaults (src/main, src/preload, src/renderer), so every
// entry and the renderer root are named here.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve(__dirname, 'src-main/app/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload may only require('electron'): bundle the rest, emit CommonJS.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src-main/app/preload.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [vue(), cspMetaTag],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
