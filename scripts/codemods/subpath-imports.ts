// Rewrites relative imports that climb into src/ or app/ to the Node subpath aliases of package.json's
// "imports" (`#src/*`, `#app/*`). An import is rewritten when it leaves its own top-level folder
// (server/x.ts → ../src/…) or climbs two levels or more (../../src/…, ../../app/…); a neighbour
// (./x.ts, ../x.ts inside the same top-level folder) stays relative. bench/ is its own package (its own
// package.json, without those aliases), so it keeps its relative imports.
//
// Run from the project root, as often as needed (it is idempotent):
//   node scripts/codemods/subpath-imports.ts
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['app', 'src', 'server', 'scripts', 'tests', 'vite'];
const ALIASED = ['src', 'app'];
// `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, `vi.importActual('…')`.
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(['"])(\.\.?\/[^'"]+)\2/g;

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const topOf = (file: string) => path.relative(ROOT, file).split(path.sep)[0]!;

/** The alias for `specifier` imported from `file`, or null to keep it. */
function aliasFor(file: string, specifier: string): string | null {
  if (!specifier.startsWith('../')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  const top = topOf(target);
  if (!ALIASED.includes(top)) return null;
  const climbs = specifier.match(/^(\.\.\/)+/)![0].length / 3;
  if (top === topOf(file) && climbs < 2) return null;
  return `#${path.relative(ROOT, target).split(path.sep).join('/')}`;
}

let files = 0;
let imports = 0;
for (const folder of FOLDERS) {
  if (!fs.existsSync(path.join(ROOT, folder))) continue;
  for (const file of sources(path.join(ROOT, folder))) {
    const text = fs.readFileSync(file, 'utf8');
    let changed = 0;
    const next = text.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
      const alias = aliasFor(file, specifier);
      if (!alias) return whole;
      changed++;
      return `${lead}${quote}${alias}${quote}`;
    });
    if (changed) {
      fs.writeFileSync(file, next);
      files++;
      imports += changed;
    }
  }
}
console.log(`subpath-imports: ${imports} imports rewritten in ${files} files`);
