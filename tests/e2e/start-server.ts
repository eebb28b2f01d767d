// Playwright's webServer: starts the BUILT app (run `npm run build` first) on a fresh, throw-away PGlite
// data folder, so every run begins from the deterministic demo catalog, and removes that folder when the
// server stops. Playwright stops it with SIGTERM (gracefulShutdown in playwright.config.ts).
// For the accounts specs it also starts a fake Google/Facebook (tests/support/fake-oauth.ts), points the
// app at it, creates the e2e admin (npm run admin:create) and runs the app as behind a proxy (TRUST_PROXY),
// so each spec can be its own visitor (X-Forwarded-For) for the per-IP rate limits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeOAuth } from '../support/fake-oauth.ts';
import { E2E_ADMIN, E2E_FRONT_ORIGIN, E2E_PORT, FAKE_FACEBOOK, FAKE_GOOGLE, serverInfoFile } from './e2e-config.ts';

import { startFakeViaCep } from '../support/fake-viacep.ts';
import { e2eRoot } from './paths.ts';

const PORT = String(E2E_PORT);
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

const fake = await startFakeOAuth({ google: FAKE_GOOGLE, facebook: FAKE_FACEBOOK });
// The specs read the server's mail folder (password reset e-mails) from here.
const infoFile = serverInfoFile(PORT);
fs.writeFileSync(infoFile, JSON.stringify({ pid: process.pid, dataDir, fakeOAuth: fake.url }));
const viaCep = await startFakeViaCep();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT,
  VIACEP_URL: viaCep.url,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  TRUST_PROXY: 'true',
  // The headless spec's own front end, served from another origin.
  CORS_ORIGINS: E2E_FRONT_ORIGIN,
  // The specs share a few buyer e-mails and place many orders: no per-IP/e-mail order limit here.
  ORDER_LIMIT_PER_IP: '1000000',
  ORDER_LIMIT_PER_EMAIL: '1000000',
  GOOGLE_CLIENT_ID: FAKE_GOOGLE.clientId,
  GOOGLE_CLIENT_SECRET: FAKE_GOOGLE.clientSecret,
  GOOGLE_ISSUER_URL: fake.googleIssuer,
  FACEBOOK_CLIENT_ID: FAKE_FACEBOOK.clientId,
  FACEBOOK_CLIENT_SECRET: FAKE_FACEBOOK.clientSecret,
  FACEBOOK_DIALOG_URL: fake.facebookDialog,
  FACEBOOK_GRAPH_URL: fake.facebookGraph,
};
delete env.DATABASE_URL;

// The admin exists before the app opens the data folder (PGlite: one process at a time). Not spawnSync:
// the fake provider in this process must keep answering (the script's auth set-up fetches its discovery).
const adminExit = await new Promise<number | null>((resolve) => {
  const admin = spawn(process.execPath, ['scripts/admin-create.ts', E2E_ADMIN.email], { env: { ...env, ADMIN_PASSWORD: E2E_ADMIN.password }, stdio: 'inherit' });
  admin.on('exit', (code) => resolve(code));
  admin.on('error', () => resolve(1));
});
if (adminExit !== 0) {
  console.error('[e2e] npm run admin:create falhou');
  await fake.close();
  process.exit(1);
}

const child = spawn(process.execPath, ['server/main.js'], { env, stdio: 'inherit' });
const running = () => child.exitCode === null && child.signalCode === null;

let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  fs.rmSync(infoFile, { force: true });
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
