// The bench's child processes: started in their own process group, stopped on exit, error and Ctrl-C.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { PORT_RANGE, ROOT } from './options.ts';
import { rawGet, sleep } from './helpers.ts';

export interface Child {
  name: string;
  proc: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

export const children = new Set<Child>();
export const cleanups: (() => Promise<void> | void)[] = [];

/** Starts a child in its own process group (so `npm` and what it spawns stop together). */
export function startChild(
  name: string,
  cmd: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  { echo = false, cwd = ROOT }: { echo?: boolean; cwd?: string } = {},
): Child {
  const proc = spawn(cmd, argv, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      log.push(line);
      if (log.length > 200) log.shift();
      if (echo && !/Unknown (env|user) config/.test(line)) console.log(`    [${name}] ${line}`);
    }
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => resolve(code));
    proc.on('error', (err) => {
      log.push(String(err));
      resolve(-1);
    });
  });
  const child: Child = { name, proc, log, exited };
  children.add(child);
  void exited.then(() => children.delete(child));
  return child;
}

export function killGroup(child: Child, signal: NodeJS.Signals) {
  if (child.proc.pid === undefined) return;
  try {
    process.kill(-child.proc.pid, signal);
  } catch {
    /* already gone */
  }
}

export async function stopChild(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  killGroup(child, 'SIGTERM');
  const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 6000).unref());
  if ((await Promise.race([child.exited, timer])) === 'timeout') {
    killGroup(child, 'SIGKILL');
    await child.exited;
  }
}

export async function runToEnd(name: string, cmd: string, argv: string[], env: NodeJS.ProcessEnv, echo = true) {
  const child = startChild(name, cmd, argv, env, { echo });
  const code = await child.exited;
  if (code !== 0) {
    throw new Error(`${name} failed (exit ${code}):\n${child.log.slice(-30).join('\n')}`);
  }
  return child.log;
}

let cleaningUp: Promise<void> | null = null;
export function cleanup(): Promise<void> {
  cleaningUp ??= (async () => {
    await Promise.all([...children].map((c) => stopChild(c)));
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`cleanup: ${(err as Error).message}`);
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping children and cleaning up...`);
    void cleanup().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)));
  });
}
/** Environment for project processes: ours, minus anything that would point them at another database. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL', 'SEED_ON_START', 'DB_POOL_SIZE', 'LOG_LEVEL']) delete env[k];
  // A production server on PostgreSQL requires an auth secret; any fixed one will do for a benchmark.
  return { BETTER_AUTH_SECRET: 'bench-only-secret-not-for-real-use-0123456789', ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra };
}

export const usedPorts = new Set<number>();
export async function freePort(): Promise<number> {
  for (let port = PORT_RANGE[0]; port <= PORT_RANGE[1]; port++) {
    if (usedPorts.has(port)) continue;
    const ok = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) {
      usedPorts.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE[0]}-${PORT_RANGE[1]}`);
}

export async function waitReady(child: Child, url: string, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.proc.exitCode !== null) {
      throw new Error(`${child.name} exited (code ${child.proc.exitCode}) before it was ready:\n${child.log.slice(-30).join('\n')}`);
    }
    try {
      const res = await rawGet(url);
      if (res.status === 200) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    await sleep(150);
  }
  throw new Error(`${child.name} not ready after ${timeoutMs / 1000} s:\n${child.log.slice(-30).join('\n')}`);
}
