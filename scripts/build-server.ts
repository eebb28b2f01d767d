// The production server as one bundle (`npm run build`, after `react-router build`): server/start.ts, the React
// Router server build and the packages they import, in build/server/bundle/ (index.js, plus a chunk for each
// module the server only imports when needed). server/main.js starts it.
//
// Why (issue 16's bench runs, in git history): V8 keeps the source text of every module it loads, and Node keeps a module record for
// each. Unbundled, the server loaded 1,338 modules holding 12.8 MB of source (a third of it as two-byte
// strings, because of a few accented characters or arrows, mostly in comments). Bundled with the whitespace and
// comments removed and non-ASCII characters escaped (esbuild's `charset: 'ascii'`; regular-expression literals
// keep theirs), that is about 5 MB, mostly in one-byte strings, and the server
// starts about 30 MB smaller, as fast. Identifiers are not renamed, so stack traces keep their function names;
// `node --enable-source-maps server/main.js` maps them back to the sources (bundle/*.js.map).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE_DIR = path.join(ROOT, 'build/server/bundle');

// Left to Node: native code (sharp) and packages that read their own files next to their code (PGlite's
// WebAssembly and data; already minified).
const EXTERNAL = ['sharp', '@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native'];

// A module that finds a file next to itself (`new URL('./x.json', import.meta.url)`, `import.meta.dirname`)
// keeps finding it: each module's `import.meta` paths are rewritten to its own place, relative to the bundle.
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/;
const importMetaPaths: esbuild.Plugin = {
  name: 'import-meta-paths',
  setup(build) {
    build.onLoad({ filter: /\.(m?js|cjs|ts|tsx)$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!IMPORT_META.test(text)) return undefined;
      let relative = path.relative(BUNDLE_DIR, args.path).split(path.sep).join('/');
      if (!relative.startsWith('.')) relative = `./${relative}`;
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url)`;
      const contents = text.replace(new RegExp(IMPORT_META, 'g'), (_, what: string) =>
        what === 'url' ? `(${url}.href)` : what === 'filename' ? `__bundleFileURLToPath(${url})` : `__bundleDirname(__bundleFileURLToPath(${url}))`,
      );
      const ext = path.extname(args.path);
      return { contents, loader: ext === '.tsx' ? 'tsx' : ext === '.ts' ? 'ts' : 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

// `react-dom/server` for Node loads two renderers: the streaming one the pages use (renderToPipeableStream,
// app/entry.server.tsx) and the legacy one (renderToString and renderToStaticMarkup). A static import takes the
// streaming renderer alone, so the server starts without the legacy one; the e-mails' dynamic import
// (src/emails/render.server.ts, renderToStaticMarkup) gets the whole module, in a chunk loaded with the first e-mail.
const STREAMING_RENDERER = path.join(path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs/react-dom-server.node.production.js');
const streamingRendererOnly: esbuild.Plugin = {
  name: 'react-dom-server-streaming-only',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server(\.node)?$/ }, (args) => (args.kind === 'dynamic-import' ? undefined : { path: STREAMING_RENDERER }));
  },
};

if (!fs.existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('build/server/index.js não existe: rode `react-router build` antes.');
fs.rmSync(BUNDLE_DIR, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: ROOT,
  stdin: {
    contents: "export { main } from './server/start.ts';\nexport * as build from './build/server/index.js';\n",
    resolveDir: ROOT,
    sourcefile: 'server-entry.js',
    loader: 'js',
  },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  outdir: BUNDLE_DIR,
  entryNames: 'index',
  chunkNames: 'chunk-[hash]',
  // The production build of React and the rest: only that branch of their `NODE_ENV` checks is bundled.
  define: { 'process.env.NODE_ENV': '"production"' },
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  legalComments: 'none',
  sourcemap: 'linked',
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; import { fileURLToPath as __bundleFileURLToPath } from 'node:url'; import { dirname as __bundleDirname } from 'node:path'; const require = __bundleCreateRequire(import.meta.url);",
  },
  plugins: [importMetaPaths, streamingRendererOnly],
  logLevel: 'warning',
});
