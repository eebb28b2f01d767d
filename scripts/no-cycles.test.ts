// The dependency rules of src/, app/ and server/ (.dependency-cruiser.cjs): no import cycles, no HTTP or
// React in the domain core; and between the domains (src/domain/<name>) imports go one way only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import type { ICruiseResult, IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');

async function cruiseFrom(baseDir: string, dirs: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const { output } = await cruise(dirs, { ...options, baseDir });
  if (typeof output === 'string') throw new Error(output);
  return output;
}

const describeViolation = (v: IViolation) => `${v.rule.name}: ${[v.from, ...(v.cycle?.map((c) => c.name) ?? [v.to])].join(' → ')}`;

/**
 * A domain is its folder under src/domain. The spreadsheet import (catalog/import) writes products and their
 * fitment, so it sits above both catalog and fitment: it counts as its own unit.
 */
function domainOf(file: string): string | null {
  if (file.startsWith('src/domain/catalog/import/')) return 'catalog/import';
  return /^src\/domain\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/**
 * Pairs of domains that still import each other, each for a reason to be removed (the list only shrinks):
 * - accounts ↔ fitment: deleting an account (accounts/privacy) deletes the garage, and the garage finds its
 *   owner through the session (fitment/garage → accounts/auth); the pages should pass the owner in.
 * - orders ↔ pricing: the order e-mails format money (orders/emails → pricing/money), and a coupon's uses are
 *   counted from the orders table (pricing/coupons → orders/schema).
 */
const KNOWN_TWO_WAY = ['accounts ↔ fitment', 'orders ↔ pricing'];

/** Domains that import each other, ignoring one table's foreign key to another's (schema.ts → schema.ts). */
function twoWayDomains(result: ICruiseResult): string[] {
  const edges = new Set<string>();
  for (const m of result.modules) {
    for (const d of m.dependencies) {
      const from = domainOf(m.source);
      const to = domainOf(d.resolved);
      if (!from || !to || from === to) continue;
      if (m.source.endsWith('/schema.ts') && d.resolved.endsWith('/schema.ts')) continue;
      edges.add(`${from}→${to}`);
    }
  }
  const pairs = new Set<string>();
  for (const e of edges) {
    const [a, b] = e.split('→') as [string, string];
    if (edges.has(`${b}→${a}`)) pairs.add(a < b ? `${a} ↔ ${b}` : `${b} ↔ ${a}`);
  }
  return [...pairs].sort();
}

describe('dependency rules', () => {
  let result: ICruiseResult;
  beforeAll(async () => {
    result = await cruiseFrom(ROOT, ['src', 'app', 'server']);
  });

  it('reads every TypeScript source (a parser that skipped .ts or .tsx would pass anything)', () => {
    const sources = result.modules.map((m) => m.source);
    expect(sources.filter((s) => s.endsWith('.ts')).length).toBeGreaterThan(200);
    expect(sources).toContain('app/root.tsx');
    const root = result.modules.find((m) => m.source === 'app/root.tsx')!;
    expect(root.dependencies.length).toBeGreaterThan(0);
  });

  it('finds no import cycle and no HTTP or React in src/domain', () => {
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

  it('lets imports between domains go one way', () => {
    expect(twoWayDomains(result)).toEqual(KNOWN_TWO_WAY);
  });
});

describe('the cycle rule itself', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-cycles-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src/a.server.ts'), "import { b } from './b.ts';\nexport const a = (): number => b + 1;\n");
    fs.writeFileSync(path.join(dir, 'src/b.ts'), "import type { Thing } from './c.tsx';\nexport const b: Thing['n'] = 1;\n");
    fs.writeFileSync(path.join(dir, 'src/c.tsx'), "import { a } from './a.server.ts';\nexport interface Thing { n: number }\nexport const C = () => <p>{a()}</p>;\n");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports a cycle through .ts and .tsx files, type-only imports included', async () => {
    const found = await cruiseFrom(dir, ['src']);
    expect(found.summary.violations.map((v) => v.rule.name)).toContain('no-circular');
  });
});
