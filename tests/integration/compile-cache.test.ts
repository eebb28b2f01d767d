// server/main.js turns on Node's compile cache before it imports the TypeScript server, and `npm start` warms
// that cache (scripts/ensure-build.ts): with every module's stripped text cached, Node never loads its
// TypeScript stripper (amaro), which would otherwise stay in the server process (~17 MB of RSS; README, issue 16).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-compile-cache-'));
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

// What server/main.js does before main(): the cache first, then the server's whole module graph.
const LOAD_THE_SERVER = `
const { enableCompileCacheHere } = await import('./server/compile-cache.js');
const cache = enableCompileCacheHere();
process.env.NODE_ENV = 'production';
await import('./server/start.ts');
cache.flush();
process.stdout.write(JSON.stringify(process.moduleLoadList.filter((m) => m.includes('amaro'))));
process.exit(0);
`;

function loadServerModules(env: Record<string, string>): string[] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', LOAD_THE_SERVER], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out) as string[];
}

describe('the server started with a warm compile cache', () => {
  it('never loads the TypeScript stripper; a cold cache does, once', () => {
    expect(loadServerModules({ NODE_COMPILE_CACHE: cacheDir }).length).toBeGreaterThan(0);
    expect(loadServerModules({ NODE_COMPILE_CACHE: cacheDir })).toEqual([]);
    // Without the cache (NODE_DISABLE_COMPILE_CACHE), every start strips the types again.
    expect(loadServerModules({ NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: '1' }).length).toBeGreaterThan(0);
  }, 60_000);

  it('main.js imports nothing in TypeScript before the cache is on', () => {
    const main = fs.readFileSync(path.join(ROOT, 'server/main.js'), 'utf8');
    const imports = [...main.matchAll(/import(?:\s[^'"]*from)?\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(imports[0]).toBe('./compile-cache.js');
    expect(main.indexOf('enableCompileCacheHere()')).toBeLessThan(main.indexOf("import('./start.ts')"));
  });
});
