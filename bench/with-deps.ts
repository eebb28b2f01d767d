// `npm run bench` enters here: bench/ is its own package (Lighthouse, autocannon and chrome-launcher stay
// out of the app's `npm ci`), so its tools are installed on first use, and again whenever
// bench/package-lock.json is newer than the last install. Then the script named first runs with the rest
// of the arguments. Bench code that imports the app (../src/...) resolves the app's dependencies from the
// root node_modules, as Node walks up from each file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BENCH = import.meta.dirname;
const lock = path.join(BENCH, 'package-lock.json');
// npm writes node_modules/.package-lock.json at the end of every install: its time is the install's.
const installed = path.join(BENCH, 'node_modules', '.package-lock.json');

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

if (mtime(installed) < mtime(lock)) {
  console.log('bench: instalando as ferramentas do benchmark (npm ci --prefix bench)...');
  execFileSync('npm', ['ci', '--prefix', BENCH, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

const [script, ...rest] = process.argv.slice(2);
if (!script) {
  console.error('uso: node bench/with-deps.ts <script em bench/> [argumentos]');
  process.exit(2);
}
// The script reads its options from process.argv (parseArgs): drop this launcher's own argument.
process.argv = [process.argv[0]!, path.join(BENCH, script), ...rest];
await import(pathToFileURL(path.join(BENCH, script)).href);
