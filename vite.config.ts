import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './vite/precompress.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: { assetsInlineLimit: 0 },
  server: { watch: { ignored: ['**/playwright-report/**', '**/test-results/**', '**/data/**', '**/bench/**'] } },
});
