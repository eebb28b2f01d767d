// nginx for the reliability suite: Debian's nginx running the repository's own deploy/nginx.conf, with only
// what a real install changes replaced (the name, the ports, the certificate's paths and the instances'
// addresses), over a self-signed certificate made here with openssl. One process (master_process off), so
// it dies with the test like the app servers do; its access log names the instance behind each answer.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, sleep } from './server.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
const SHIPPED = path.join(ROOT, 'deploy/nginx.conf');

/** The suite needs both; CI installs them (.ci/run). Never a silent skip. */
export function assertNginxAndOpenssl(): void {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx não encontrado em ${NGINX}: instale o pacote do Debian (apt-get install -y nginx; o .ci/run instala) ou aponte NGINX_PATH para ele.`);
  if (!fs.existsSync(OPENSSL)) throw new Error(`openssl não encontrado em ${OPENSSL}: instale o pacote do Debian (apt-get install -y openssl).`);
}

/** A self-signed certificate for `host` (CN and subjectAltName), valid for a day. */
export function selfSignedCertificate(dir: string, host: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '1', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`, '-keyout', key, '-out', cert], {
    stdio: 'pipe',
  });
  return { cert, key };
}

export interface NginxOptions {
  serverName: string;
  httpsPort: number;
  httpPort: number;
  /** The app instances' ports, in the upstream's order. */
  upstreams: [number, number];
}

/** deploy/nginx.conf with the install-specific values replaced; throws when one of them is no longer there. */
export function siteConfig(opts: NginxOptions & { cert: string; key: string }): string {
  let text = fs.readFileSync(SHIPPED, 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const before = text;
    text = typeof from === 'string' ? text.split(from).join(to) : text.replace(from, to);
    if (text === before) throw new Error(`deploy/nginx.conf mudou: "${String(from)}" não está mais lá; ajuste tests/reliability/support/nginx.ts`);
  };
  replace(/^\s*listen \[::\]:\d+.*$/gm, ''); // loopback only here
  replace('listen 443 ssl http2 default_server;', `listen 127.0.0.1:${opts.httpsPort} ssl http2 default_server;`);
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${opts.httpsPort} ssl http2;`);
  replace('listen 80;', `listen 127.0.0.1:${opts.httpPort};`);
  replace('/etc/letsencrypt/live/loja.example.com/fullchain.pem', opts.cert);
  replace('/etc/letsencrypt/live/loja.example.com/privkey.pem', opts.key);
  replace('server_name loja.example.com;', `server_name ${opts.serverName};`);
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${opts.upstreams[0]} `);
  replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${opts.upstreams[1]} `);
  return text;
}

export interface AccessLine {
  status: number;
  method: string;
  uri: string;
  /** Every instance nginx tried, in order ("127.0.0.1:40001, 127.0.0.1:40002" when it moved on). */
  upstreams: string[];
}

export class Nginx {
  output = '';
  private readonly child: ChildProcess;
  private readonly dir: string;
  private readonly exited: Promise<void>;

  private constructor(child: ChildProcess, dir: string, exited: Promise<void>) {
    this.child = child;
    this.dir = dir;
    this.exited = exited;
  }

  static async start(opts: NginxOptions): Promise<Nginx> {
    assertNginxAndOpenssl();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-nginx-'));
    const { cert, key } = selfSignedCertificate(dir, opts.serverName);
    fs.writeFileSync(path.join(dir, 'olimpo.conf'), siteConfig({ ...opts, cert, key }));
    // The main file is the test's: Debian's nginx.conf would write to /var/log and /run.
    const main = [
      'daemon off;',
      'master_process off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      "  log_format olimpo '$status $request_method $uri [$upstream_addr]';",
      `  access_log ${dir}/access.log olimpo;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/olimpo.conf;`,
      '}',
    ].join('\n');
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, main);
    try {
      execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'pipe' });
    } catch (err) {
      throw new Error(`nginx -t recusou deploy/nginx.conf:\n${(err as { stderr?: Buffer }).stderr?.toString() ?? String(err)}`);
    }
    const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.on('exit', () => child.kill('SIGKILL'));
    const nginx = new Nginx(child, dir, exited);
    child.stdout!.on('data', (d: Buffer) => (nginx.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (nginx.output += d.toString()));
    const deadline = Date.now() + 10_000;
    while (!(await accepts(opts.httpsPort))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        const log = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
        child.kill('SIGKILL');
        throw new Error(`nginx não abriu a porta ${opts.httpsPort}:\n${nginx.output}\n${log}`);
      }
      await sleep(50);
    }
    return nginx;
  }

  /** The requests nginx answered so far, oldest first. */
  accessLog(): AccessLine[] {
    const file = path.join(this.dir, 'access.log');
    if (!fs.existsSync(file)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const m = /^(\d{3}) (\S+) (\S+) \[(.*)\]$/.exec(line);
        if (!m) throw new Error(`linha inesperada no access log: ${line}`);
        return { status: Number(m[1]), method: m[2]!, uri: m[3]!, upstreams: m[4]! === '-' ? [] : m[4]!.split(/,\s*/) };
      });
  }

  errorLog(): string {
    const file = path.join(this.dir, 'error.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
