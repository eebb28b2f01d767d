// Node's compile cache for the server (module.enableCompileCache): the TypeScript files' stripped text and
// V8's code cache, kept under node_modules/.cache. NODE_COMPILE_CACHE names another folder;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. A folder that cannot be written (a read-only image) leaves the
// server as it was: it strips and compiles at every start.
import module from 'node:module';
import path from 'node:path';

export const COMPILE_CACHE_DIR = process.env.NODE_COMPILE_CACHE || path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'olimpo-compile');

/** Enables the cache for this process's later imports; `flush()` writes what they added. */
export function enableCompileCacheHere() {
  module.enableCompileCache(COMPILE_CACHE_DIR);
  return { flush: () => module.flushCompileCache() };
}
