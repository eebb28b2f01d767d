// The production server runs from its bundle (scripts/build-server.ts, `npm run build`): loading it reads no
// TypeScript, never loads Node's type stripper (amaro), and takes from node_modules only the packages left out
// of the bundle on purpose. Each module loaded outside the bundle costs its source text and a module record for
// the life of the process (issue 16's bench runs, in git history). And every file the bundle finds next to a source module is there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, assertBuilt } from './support/server.ts';

const BUNDLE = path.join(ROOT, 'build/server/bundle');
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bundle-cache-'));
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
beforeAll(() => assertBuilt());

// What server/main.js does before main(), with every module Node loads written down.
const LOAD_THE_SERVER = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const { enableCompileCacheHere } = await import('./server/compile-cache.js');
const cache = enableCompileCacheHere();
process.env.NODE_ENV = 'production';
const bundle = await import('./build/server/bundle/index.js');
cache.flush();
process.stdout.write(JSON.stringify({ loaded, amaro: process.moduleLoadList.filter((m) => m.includes('amaro')), exports: Object.keys(bundle).sort() }));
process.exit(0);
`;

function loadServer(): { loaded: string[]; amaro: string[]; exports: string[] } {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', LOAD_THE_SERVER], { cwd: ROOT, env: { ...process.env, NODE_COMPILE_CACHE: cacheDir }, encoding: 'utf8' });
  return JSON.parse(out) as { loaded: string[]; amaro: string[]; exports: string[] };
}

describe('the server bundle', () => {
  it('loads no TypeScript and no package the bundle should hold, with a cold compile cache and a warm one', () => {
    for (const round of ['cold', 'warm']) {
      const { loaded, amaro, exports } = loadServer();
      expect(exports, round).toEqual(['build', 'main']);
      expect(amaro, round).toEqual([]);
      const files = loaded.filter((u) => u.startsWith('file:')).map((u) => path.relative(ROOT, new URL(u).pathname));
      expect(
        files.filter((f) => /\.tsx?$/.test(f)),
        round,
      ).toEqual([]);
      const packages = new Set(files.flatMap((f) => f.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []));
      // PGlite: its WebAssembly and data files are found next to its code. (The other package left out, sharp, is
      // loaded later, when the server starts.)
      expect([...packages].sort(), round).toEqual(['@electric-sql/pglite']);
      expect(files.filter((f) => f.startsWith('build/server/bundle/')).length, round).toBeGreaterThan(0);
    }
  }, 120_000);

  it('holds one copy of each server module: the React Router build imports src/ and server/ instead of inlining them', () => {
    // vite.config.ts leaves src/ and server/ out of the React Router server build, so the bundle takes those modules once,
    // shared by the routes and by server/start.ts (their code, their state, their tables and schemas).
    const routerBuild = fs.readFileSync(path.join(ROOT, 'build/server/index.js'), 'utf8');
    expect(routerBuild).not.toMatch(/^\/\/ (src|server)\//m);
    expect(routerBuild).toContain(`from ${JSON.stringify(path.join(ROOT, 'src/db/client.server.ts'))}`);
    const bundle = fs
      .readdirSync(BUNDLE)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(BUNDLE, f), 'utf8'))
      .join('\n');
    // Functions both sides use: a second copy would be renamed sessionUserOf2 and so on by esbuild.
    for (const name of ['isConnectionError', 'sessionUserOf', 'loadGarage']) {
      expect(bundle.match(new RegExp(`function ${name}\\d*\\(`, 'g')), name).toEqual([`function ${name}(`]);
    }
  });

  it('finds every file it reads next to a source module', () => {
    const referenced = new Set<string>();
    for (const file of fs.readdirSync(BUNDLE).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(BUNDLE, file), 'utf8');
      for (const [, relative = ''] of text.matchAll(/new URL\("([^"]+)",import\.meta\.url\)/g)) referenced.add(path.resolve(BUNDLE, relative));
    }
    // The assistant's training questions, the embedded database's preparation script, React Router's build.
    expect(referenced.size).toBeGreaterThanOrEqual(3);
    for (const file of referenced) expect(fs.existsSync(file), file).toBe(true);
    expect([...referenced].map((f) => path.relative(ROOT, f))).toContain('src/domain/assistant/engine.server.ts');
  });
});
