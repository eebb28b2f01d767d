// Playwright's webServer: starts the BUILT app on a fresh, throw-away PGlite data folder so every run
// begins from the deterministic demo catalog, and removes that folder when the server stops.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = '3100';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-e2e-'));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
delete env.DATABASE_URL;

const child = spawn(process.execPath, ['server/main.ts'], { env, stdio: 'inherit' });

let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  try {
    fs.rmSync(dataDir, { recursive: true, force: true });
  } catch (err) {
    console.error(`[e2e] não foi possível remover ${dataDir}: ${(err as Error).message}`);
  }
}

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  // The server closes within 5 s on its own; do not hang Playwright if it does not.
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 8000).unref();
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
