// Real server processes for the reliability suite: `node server/main.js` from the production build, on a
// free port, with its stdout/stderr captured, and the three ways it can end (SIGKILL, SIGTERM, or the test
// process exiting, which never leaves one behind).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { BUILD_OUTPUT, newerThanBuild } from '../../../scripts/build-freshness.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The suite runs the production build; say how to make it instead of failing obscurely. */
export function assertBuilt(): void {
  // The suite tests the code as it is: no bundle, or one older than a source file, would not be that code.
  const changed = newerThanBuild(ROOT);
  if (changed === BUILD_OUTPUT) throw new Error(`${path.join(ROOT, BUILD_OUTPUT)} não existe. Compile antes: \`npm run build\`, depois \`npm run test:reliability\`.`);
  if (changed) throw new Error(`${changed} mudou depois do build. Compile de novo: \`npm run build\`, depois \`npm run test:reliability\`.`);
}

// Ports other tools of this project use by default (dev server, e2e, benchmarks).
const RESERVED = new Set([3000, 3100, 3150, 3170, 3199]);

/** A port nobody listens on right now (asked from the OS), never one of the project's fixed ports. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = net.createServer();
      s.unref();
      s.on('error', reject);
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    if (!RESERVED.has(port)) return port;
  }
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ServerOptions {
  /** PGlite data folder (one server per folder). */
  dataDir?: string;
  /** PostgreSQL URL; wins over dataDir. */
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
}

export class AppServer {
  readonly port: number;
  readonly url: string;
  private readonly opts: ServerOptions;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** Everything every process of this server wrote to stdout and stderr, across restarts. */
  output = '';

  private constructor(port: number, opts: ServerOptions) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.opts = opts;
  }

  static async create(opts: ServerOptions): Promise<AppServer> {
    assertBuilt();
    return new AppServer(opts.port ?? (await freePort()), opts);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isRunning(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process (with `env` on top of the server's own, for this start only) and waits until /readyz answers 200. */
  async start(timeoutMs = 60_000, extraEnv: Record<string, string> = {}): Promise<void> {
    if (this.isRunning) throw new Error('servidor já está rodando');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.url,
      LOG_LEVEL: 'info',
      SEED_ON_START: 'false',
      // Nothing listens there: CEP lookups fail fast instead of calling the real ViaCEP.
      VIACEP_URL: 'http://127.0.0.1:9',
      DB_POOL_SIZE: '5',
      // Required in production with DATABASE_URL (accounts); any 32+ characters will do for a test.
      BETTER_AUTH_SECRET: 'reliability-suite-secret-not-for-production-0123456789',
      // The suite's buyers all come from 127.0.0.1 and place hundreds of orders: no per-IP/e-mail limit here.
      ORDER_LIMIT_PER_IP: '1000000',
      ORDER_LIMIT_PER_EMAIL: '1000000',
      ...this.opts.env,
      ...extraEnv,
    };
    if (this.opts.databaseUrl) env.DATABASE_URL = this.opts.databaseUrl;
    else if (this.opts.dataDir) env.DATA_DIR = this.opts.dataDir;
    else throw new Error('dataDir ou databaseUrl é obrigatório');

    const child = spawn(process.execPath, ['server/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    running.add(child);
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        running.delete(child);
        resolve();
      }),
    );

    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.isRunning) throw new Error(`o servidor terminou ao iniciar (código ${child.exitCode}):\n${this.output.slice(-4000)}`);
      try {
        const res = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await this.kill9();
    throw new Error(`o servidor não ficou pronto em ${timeoutMs} ms:\n${this.output.slice(-4000)}`);
  }

  /** `kill -9`: no clean-up of any kind runs in the server. */
  async kill9(): Promise<void> {
    if (this.isRunning) this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, the way an orchestrator stops it; SIGKILL if it has not exited after 10 s. */
  async stop(): Promise<void> {
    if (!this.isRunning) return this.exited;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  fetch(pathname: string, init?: RequestInit): Promise<Response> {
    return fetch(`${this.url}${pathname}`, { redirect: 'manual', ...init });
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
