// Production entry (`node server/main.js`, after `npm run build`). React and React Router choose their
// production or development build when first imported, from NODE_ENV: set it before anything loads them.
//
// This one file is JavaScript so that a server started with a warm compile cache never loads Node's TypeScript
// stripper: with every module's stripped text in the cache, Node skips amaro (its WebAssembly, memory and
// 3.8 MB of source stay out of the process, 17 MB of RSS). The first `npm start` warms the cache before the
// server starts (scripts/ensure-build.ts), and each start writes what it compiled: a changed module only means
// one start with the stripper. README, issue 16.
import { enableCompileCacheHere } from './compile-cache.js';

process.env.NODE_ENV ??= 'production';
const cache = enableCompileCacheHere();
const { main } = await import('./start.ts');
await main();
// What this start compiled (a cold or stale cache) is written now, not only at exit.
cache.flush();
