// Production entry (`node server/main.js`, after `npm run build`). React and React Router choose their
// production or development build when first imported, from NODE_ENV: set it before anything loads them (the
// bundle holds the production ones only).
//
// It starts the server's bundle (build/server/bundle/, written by scripts/build-server.ts): the server, the
// React Router build and their packages in a few JavaScript files, so the process holds far less source text
// and far fewer modules than the unbundled server did (issue 16's bench runs, in git history). Node's compile cache keeps V8's code
// for it between starts; the first `npm start` warms it (scripts/ensure-build.ts), and each start writes what it
// compiled, now rather than at exit.
import fs from 'node:fs';
import { enableCompileCacheHere } from './compile-cache.js';

const bundle = new URL('../build/server/bundle/index.js', import.meta.url);
if (!fs.existsSync(bundle)) {
  console.error('Build não encontrado. Rode "npm run build" (ou "npm start", que compila quando falta).');
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
const cache = enableCompileCacheHere();
const { main, build } = await import(bundle.href);
await main(build);
cache.flush();
