// `npm start` rebuilds when the code changed since the last build (scripts/ensure-build.ts): the server runs
// its bundle, so without a rebuild an edit under src/, server/ or app/ would never reach it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUT, newerThanBuild } from '../../scripts/build-freshness.ts';

let root: string;
const HOUR_AGO = Date.now() / 1000 - 3600;

function write(relative: string, when: number): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, relative);
  fs.utimesSync(file, when, when);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-freshness-'));
  for (const f of ['src/domain/catalog/search/search.server.ts', 'server/start.ts', 'app/routes/home.tsx', 'package-lock.json', 'vite.config.ts']) write(f, HOUR_AGO);
  write(BUILD_OUTPUT, HOUR_AGO + 60);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('whether the build is older than its code', () => {
  it('is current when every source is older than the bundle', () => {
    expect(newerThanBuild(root)).toBeNull();
  });

  it('names a source edited after the build, in any of the folders the build reads', () => {
    for (const f of ['src/domain/catalog/search/search.server.ts', 'server/start.ts', 'app/routes/home.tsx', 'package-lock.json']) {
      write(f, HOUR_AGO + 120);
      expect(newerThanBuild(root), f).toBe(f);
      write(f, HOUR_AGO);
    }
    write('src/domain/orders/new-module.ts', HOUR_AGO + 120);
    expect(newerThanBuild(root)).toBe('src/domain/orders/new-module.ts');
  });

  it('leaves out tests and installed packages, which the build does not read', () => {
    write('src/domain/catalog/repository.test.ts', HOUR_AGO + 120);
    write('app/lib/format.test.tsx', HOUR_AGO + 120);
    write('server/node_modules/x/index.js', HOUR_AGO + 120);
    expect(newerThanBuild(root)).toBeNull();
  });

  it('asks for a build when there is none', () => {
    fs.rmSync(path.join(root, 'build'), { recursive: true });
    expect(newerThanBuild(root)).toBe(BUILD_OUTPUT);
  });
});
