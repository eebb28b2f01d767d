// Playwright's webServer: starts the BUILT app (run `npm run build` first) on a fresh, throw-away PGlite
// data folder, so every run begins from the deterministic demo catalog, and removes that folder when the
// server stops. Playwright stops it with SIGTERM (gracefulShutdown in playwright.config.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startFakeViaCep } from '../support/fake-viacep.ts';
import { E2E_PORT as PORT_NUMBER, e2eRoot } from './paths.ts';

const PORT = String(PORT_NUMBER);
const PREFIX = 'olimpo-e2e-';
const OWNER_FILE = '.owner-pid';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// Folders left behind by a run that was killed outright (SIGKILL skips our clean-up): remove those whose
// owner process is gone.
for (const name of fs.readdirSync(os.tmpdir())) {
  if (!name.startsWith(PREFIX)) continue;
  const dir = path.join(os.tmpdir(), name);
  try {
    const owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    if (Number.isSafeInteger(owner) && owner > 0 && alive(owner)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    // No owner file (older run or not ours) or already gone: leave it.
  }
}

// A fixed folder per port, so tests can read what the server wrote there (the .eml files in DATA_DIR/mail).
const tmpRoot = e2eRoot();
fs.rmSync(tmpRoot, { recursive: true, force: true });
fs.mkdirSync(tmpRoot, { recursive: true });
fs.writeFileSync(path.join(tmpRoot, OWNER_FILE), String(process.pid));
const dataDir = path.join(tmpRoot, 'data');

const viaCep = await startFakeViaCep();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT,
  VIACEP_URL: viaCep.url,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
delete env.DATABASE_URL;

const child = spawn(process.execPath, ['server/main.ts'], { env, stdio: 'inherit' });
const running = () => child.exitCode === null && child.signalCode === null;

let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  try {
    fs.rmSync(tmpRoot, { recursive: true, force: true });
  } catch (err) {
    console.error(`[e2e] não foi possível remover ${tmpRoot}: ${(err as Error).message}`);
  }
}

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  if (running()) child.kill(signal);
  // The server closes within 5 s on its own; never hang the test run if it does not.
  setTimeout(() => {
    if (running()) child.kill('SIGKILL');
  }, 8000).unref();
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));
process.on('exit', () => {
  if (running()) child.kill('SIGKILL');
  cleanup();
});

child.on('error', (err) => {
  console.error(`[e2e] não foi possível iniciar o servidor: ${err.message}`);
  cleanup();
  process.exit(1);
});

child.on('exit', (code, signal) => {
  cleanup();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
