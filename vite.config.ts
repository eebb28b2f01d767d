import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { shellChunk } from './vite/chunks.ts';
import { precompress } from './vite/precompress.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger scripts for the browser: see vite/chunks.ts.
            codeSplitting: { groups: [shellChunk(path.resolve('app'))] },
          },
        },
      },
    },
  },
  server: { watch: { ignored: ['**/playwright-report/**', '**/test-results/**', '**/data/**', '**/bench/**'] } },
});
