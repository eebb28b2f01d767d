// `npm start` builds first when there is no build yet, so a fresh clone starts with one command, and again when
// the code changed since the last build (scripts/build-freshness.ts), so it never serves old code. On the first
// start it also warms Node's compile cache (V8's code) with the server's bundle (server/compile-cache.js).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_OUTPUT, newerThanBuild } from './build-freshness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const changed = fs.existsSync(path.join(ROOT, 'build/client')) ? newerThanBuild(ROOT) : BUILD_OUTPUT;
if (changed) {
  console.log(changed === BUILD_OUTPUT ? 'Compilando a loja (primeira execução)...' : `O código mudou desde o último build (${changed}): compilando a loja...`);
  execSync('npm run build', { stdio: 'inherit', cwd: ROOT });
}

// On the first start (a fresh clone or a new `npm ci`: no mark in the cache folder yet), importing the bundle
// evaluates the server's modules without starting anything. Later starts skip this: the server itself writes
// what it compiled (server/main.js), so the cache stays current after a new build. (The mark, not the folder:
// with NODE_COMPILE_CACHE set, Node makes the folder as this script starts.)
const { COMPILE_CACHE_DIR, enableCompileCacheHere } = await import('../server/compile-cache.js');
const warmed = path.join(COMPILE_CACHE_DIR, 'olimpo-warmed');
if (!fs.existsSync(warmed)) {
  process.env.NODE_ENV ??= 'production';
  const cache = enableCompileCacheHere();
  await import(new URL('../build/server/bundle/index.js', import.meta.url).href);
  cache.flush();
  fs.writeFileSync(warmed, `${new Date().toISOString()}\n`);
  // A module that opens a handle when imported must not keep `npm start` waiting here.
  process.exit(0);
}
