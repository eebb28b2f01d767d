// `npm start` builds first when there is no build yet, so a fresh clone starts with one command. Then it warms
// Node's compile cache with the server's modules, so the server (server/main.js) starts without loading Node's
// TypeScript stripper (server/compile-cache.js).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('build/server/index.js') || !fs.existsSync('build/client')) {
  console.log('Compilando a loja (primeira execução)...');
  execSync('npm run build', { stdio: 'inherit' });
}

// Importing start.ts loads every module the server imports, without starting anything; React's production
// build, as the server will load it.
process.env.NODE_ENV ??= 'production';
const { enableCompileCacheHere } = await import('../server/compile-cache.js');
const cache = enableCompileCacheHere();
await import('../server/start.ts');
cache.flush();
// A module that opens a handle when imported must not keep `npm start` waiting here.
process.exit(0);
