// Services are passed in (docs/architecture.md, "How services are wired"): built by the composition root
// (server/boot.ts) and handed on through React Router's context, Hono's c.var, deps objects and parameters.
// None goes back on a process-wide `Symbol.for('olimpo.*')` global.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['src', 'app', 'server', 'scripts', 'tests', 'bench', 'vite'];
const SKIP = new Set(['node_modules', 'build', '.react-router']);
const SELF = path.relative(ROOT, import.meta.filename);
// Written apart so this file does not match itself.
const GLOBAL = new RegExp(`Symbol\\.for\\(\\s*['"\`]${'olimpo'}[.'"\`]`);

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(c|m)?[jt]sx?$/.test(entry.name)) yield full;
  }
}

function processGlobals(): string[] {
  const found: string[] = [];
  for (const dir of DIRS) {
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      const rel = path.relative(ROOT, file);
      if (rel === SELF) continue;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      for (const line of lines) {
        if (!GLOBAL.test(line)) continue;
        const key = /Symbol\.for\(\s*['"`]([^'"`]+)/.exec(line)?.[1] ?? line.trim();
        found.push(`${rel}: ${key}`);
      }
    }
  }
  return found.sort();
}

describe('process-wide globals', () => {
  it('has no Symbol.for("olimpo.*") global: services are passed in', () => {
    expect(processGlobals()).toEqual([]);
  });

  it('would find one (the check itself works)', () => {
    expect(GLOBAL.test(`const KEY = Symbol.for('${'olimpo'}.example');`)).toBe(true);
    expect(GLOBAL.test("const KEY = Symbol.for('other.example');")).toBe(false);
  });
});
