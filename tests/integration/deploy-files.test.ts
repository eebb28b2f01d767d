// The deployment files of deploy/ stay true to the code: the environment example names every variable the
// server reads and is a valid production configuration once its secrets are filled in; the two systemd
// units are the same unit and systemd itself finds nothing to object to. (deploy/nginx.conf runs for real in
// tests/reliability/tls-proxy.test.ts.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#src/config/env.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** `VAR=value` lines of an EnvironmentFile (comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

describe('deploy/olimpo.env.example', () => {
  const example = read('deploy/olimpo.env.example');

  it('names every variable of src/config/env.ts', () => {
    const known = [...read('src/config/env.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): (?:z\.|secret\()/gm)].map((m) => m[1]!);
    expect(known.length).toBeGreaterThan(40);
    const missing = known.filter((name) => !new RegExp(`^#?${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it('refuses to start until the secrets are filled in, naming them, and is a valid production setup after', () => {
    const values = envFile(example);
    expect(() => parseEnv(values)).toThrow(/BETTER_AUTH_SECRET[\s\S]*MERCADOPAGO_ACCESS_TOKEN[\s\S]*MERCADOPAGO_PUBLIC_KEY[\s\S]*MERCADOPAGO_WEBHOOK_SECRET/);
    const filled = parseEnv({
      ...values,
      BETTER_AUTH_SECRET: 'a'.repeat(44),
      COOKIE_SECRET: 'b'.repeat(44),
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000000000',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-1111111111',
      MERCADOPAGO_WEBHOOK_SECRET: 'c'.repeat(32),
    });
    expect(filled).toMatchObject({ PUBLIC_URL: 'https://loja.example.com', TRUST_PROXY: true, HOST: '127.0.0.1', SEED_ON_START: false, PAYMENT_PROVIDER: 'mercadopago' });
  });
});

describe('deploy/olimpo.service and deploy/olimpo@.service', () => {
  const single = read('deploy/olimpo.service');
  const template = read('deploy/olimpo@.service');
  const settings = (unit: string) => unit.split('\n').filter((l) => l !== '' && !l.startsWith('#') && !/^(Description|ExecStart)=/.test(l));

  it('are one unit: the template only takes its port from the instance name', () => {
    expect(settings(template)).toEqual(settings(single));
    expect(template).toMatch(/^ExecStart=\/usr\/bin\/env PORT=%i \/usr\/bin\/node .*server\/main\.js$/m);
    expect(single).toMatch(/^ExecStart=\/usr\/bin\/node .*server\/main\.js$/m);
    for (const line of ['Restart=always', 'EnvironmentFile=/etc/olimpo/olimpo.env', 'User=olimpo', 'NoNewPrivileges=yes', 'ProtectSystem=strict', 'ReadWritePaths=/var/lib/olimpo']) {
      expect(single.split('\n'), line).toContain(line);
    }
    expect(single).toMatch(/^Environment=NODE_OPTIONS=--max-old-space-size=\d+$/m);
    expect(single).toMatch(/^Environment=MALLOC_ARENA_MAX=\d+$/m);
  });

  it('pass systemd-analyze verify without a warning', () => {
    if (!fs.existsSync(SYSTEMD_ANALYZE)) throw new Error(`${SYSTEMD_ANALYZE} não encontrado: instale o pacote systemd do Debian (o .ci/run instala).`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-units-'));
    try {
      fs.writeFileSync(path.join(dir, 'olimpo.service'), single);
      fs.writeFileSync(path.join(dir, 'olimpo@.service'), template);
      const run = spawnSync(SYSTEMD_ANALYZE, ['verify', '--man=no', path.join(dir, 'olimpo.service'), path.join(dir, 'olimpo@3001.service')], { encoding: 'utf8' });
      // Unknown keys are only warnings (exit 0): the output is what counts.
      const output = `${run.stdout}${run.stderr}`;
      // Node is where the guide installs it on a server, not necessarily on this machine.
      const objections = output.split('\n').filter((l) => l.trim() !== '' && !/Command \/usr\/bin\/node is not executable/.test(l));
      expect(objections).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
