// Every npm script runs on Node >= 22.22 even when the PATH has the machine's Node 20: each command that needs
// a current Node (node, vitest, tsc, react-router, playwright, drizzle-kit, biome, depcruise, knip) goes through scripts/with-node24.mjs,
// or is another npm script that does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const WRAPPER = 'node scripts/with-node24.mjs';
const NEEDS_NODE = /^(node|vitest|tsc|react-router|playwright|drizzle-kit|npx|biome|depcruise|knip)\b/;

/** The commands a script runs, split at `&&`, `||` and `;`. */
function commandsOf(script: string): string[] {
  return script
    .split(/&&|\|\||;/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** A command that would run on whatever Node is first in PATH. */
function unwrapped(command: string): boolean {
  if (command.startsWith(`${WRAPPER} `) || /^npm run\b/.test(command)) return false;
  return NEEDS_NODE.test(command.replace(/^([A-Z_]+=\S+\s+)+/, ''));
}

describe('npm scripts', () => {
  const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('run every Node command through the Node 24 wrapper', () => {
    const bare = Object.entries(scripts).flatMap(([name, script]) =>
      commandsOf(script)
        .filter(unwrapped)
        .map((c) => `${name}: ${c}`),
    );
    expect(bare).toEqual([]);
  });

  it('tell a wrapped command from a bare one', () => {
    expect(unwrapped('vitest run')).toBe(true);
    expect(unwrapped('MALLOC_ARENA_MAX=16 node server/main.js')).toBe(true);
    expect(unwrapped(`${WRAPPER} vitest run`)).toBe(false);
    expect(unwrapped('npm run build')).toBe(false);
    expect(commandsOf('a && b || c; d')).toEqual(['a', 'b', 'c', 'd']);
  });
});
