import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { SHELL_CHUNK, shellChunk } from './vite/chunks.ts';
import { precompress } from './vite/precompress.ts';
import { zodWithoutEval } from './vite/zod-without-eval.ts';

const SERVER_SOURCES = [path.resolve('src') + path.sep, path.resolve('server') + path.sep];
// The React Router server build leaves the server's own modules (src/ and server/) as imports, by absolute
// path: scripts/build-server.ts bundles that build together with server/start.ts, which imports the same
// modules, so the process holds one copy of each (its code, its state, its drizzle tables and zod schemas)
// instead of one per side. Measured at 100,000 products on PGlite under the bench mix: peak RSS 291.5 and 294
// -> 286.8 and 286.3 MB (README, issue 16).
const serverSourceExternal: Plugin = {
  name: 'server-source-external',
  enforce: 'pre',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  async resolveId(source, importer) {
    if (!importer) return null;
    let file: string;
    if (source.startsWith('.')) file = path.resolve(path.dirname(importer.split('?')[0]!), source);
    else if (source.startsWith('#')) {
      // A subpath alias of package.json's "imports" (#src/*, #app/*): resolved as Vite would, then judged by place.
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      file = resolved.id.split('?')[0]!;
    } else return null;
    return SERVER_SOURCES.some((dir) => file.startsWith(dir)) ? { id: file, external: 'absolute' } : null;
  },
};

export default defineConfig({
  plugins: [zodWithoutEval, tailwindcss(), reactRouter(), precompress(), serverSourceExternal],
  // No module-preload helper: React Router preloads route modules itself (from its manifest), the one dynamic
  // import left (the chat box) needs nothing the page has not loaded already, and the helper's dependency
  // map would otherwise be the shell's first line, where the compile hint below has to be.
  build: { assetsInlineLimit: 0, modulePreload: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Creating an Intl formatter loads locale data: 35-70 ms on a phone-speed CPU. The client bundle
          // had an unused `new Intl.Collator('pt-BR')` (src/domain/fitment/vehicles.ts) evaluated on every
          // page; these constructors have no side effects, so unused ones can go.
          treeshake: { manualPureFunctions: ['Intl.Collator', 'Intl.NumberFormat', 'Intl.DateTimeFormat', 'Intl.PluralRules', 'Intl.RelativeTimeFormat'] },
          output: {
            // Fewer, larger scripts for the browser: see vite/chunks.ts.
            codeSplitting: { groups: [shellChunk(path.resolve('app'))] },
            // V8's explicit compile hint: most of the shell (React DOM, React Router, the layout) runs while
            // the page hydrates, so V8 compiles all of it on a background thread while the file streams in
            // instead of function by function on the main thread at first call (Chrome 136+; a plain
            // comment elsewhere). It must be the file's first line. Measured on / at 4x CPU: main-thread
            // compilation 150-175 ms -> ~10 ms, hydration JavaScript 290-350 ms -> 150-225 ms.
            postBanner: (chunk) => (chunk.name === SHELL_CHUNK ? '//# allFunctionsCalledOnLoad' : ''),
          },
        },
      },
    },
  },
  server: { watch: { ignored: ['**/playwright-report/**', '**/test-results/**', '**/data/**', '**/bench/**'] } },
});
