import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const __dirname = dirname(fileURLToPath(import.meta.url));

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
    plugins: [vue()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
