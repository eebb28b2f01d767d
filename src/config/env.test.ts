// The configuration's production checks decide on the parsed URL and on what a secret holds once its blanks
// are gone: `HTTPS://` in capitals is https, and a secret of spaces is no secret.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_SECRET, parseEnv, sandboxRoutesEnabled } from './env.ts';

const SECRET = 'k7PqL2xV9sRt4WmZ8nYb3cHd6fJg1aEu';
const WEBHOOK = 'webhook-secret-of-our-own-5f2a9c';

describe('PUBLIC_URL', () => {
  it('is kept in canonical form: lower-case scheme and host, no trailing slash', () => {
    expect(parseEnv({ PUBLIC_URL: 'HTTPS://Loja.Exemplo.COM.br/', BETTER_AUTH_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: WEBHOOK }).PUBLIC_URL).toBe(
      'https://loja.exemplo.com.br',
    );
    expect(parseEnv({ PUBLIC_URL: 'http://localhost:3000/' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
  });

  it('must be http or https', () => {
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://loja.exemplo.com.br' })).toThrow(/PUBLIC_URL deve começar com http/);
  });

  it.each(['HTTPS://loja.exemplo.com.br', 'Https://loja.exemplo.com.br', 'hTtPs://LOJA.exemplo.com.br'])('%s is https: every production check applies', (url) => {
    // No auth secret, no payment provider: refused.
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: url })).toThrow(/BETTER_AUTH_SECRET: obrigatório em produção[\s\S]*PAYMENT_PROVIDER: obrigatório com PUBLIC_URL https/);
    // The sandbox with the repository's public webhook secret: refused.
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: url, BETTER_AUTH_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_WEBHOOK_SECRET: defina um segredo próprio/);
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: url, BETTER_AUTH_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: DEFAULT_WEBHOOK_SECRET })).toThrow(
      /PAYMENT_WEBHOOK_SECRET/,
    );
    // Secrets made of blanks: refused as if unset.
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: url, BETTER_AUTH_SECRET: ' '.repeat(40), PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: WEBHOOK })).toThrow(
      /BETTER_AUTH_SECRET: obrigatório em produção/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: url, BETTER_AUTH_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: '\t'.repeat(20) })).toThrow(
      /PAYMENT_WEBHOOK_SECRET: defina um segredo próprio/,
    );
    // Configured properly, it starts, and the sandbox's routes follow the chosen secret.
    const env = parseEnv({ NODE_ENV: 'production', PUBLIC_URL: url, BETTER_AUTH_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: WEBHOOK });
    expect(env.PUBLIC_URL).toMatch(/^https:\/\/loja\.exemplo\.com\.br$/);
    expect(sandboxRoutesEnabled(env)).toBe(true);
    expect(sandboxRoutesEnabled({ PUBLIC_URL: url, PAYMENT_PROVIDER: undefined, PAYMENT_WEBHOOK_SECRET: DEFAULT_WEBHOOK_SECRET })).toBe(false);
    expect(sandboxRoutesEnabled({ PUBLIC_URL: url, PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: DEFAULT_WEBHOOK_SECRET })).toBe(false);
  });
});

describe('secrets', () => {
  it('a value made only of blanks is unset', () => {
    const env = parseEnv({ BETTER_AUTH_SECRET: '   ', COOKIE_SECRET: '\n\t ', MERCADOPAGO_WEBHOOK_SECRET: '  ', OLIMPIA_LLM_API_KEY: ' ' });
    expect(env.BETTER_AUTH_SECRET).toBeUndefined();
    expect(env.COOKIE_SECRET).toBeUndefined();
    expect(env.MERCADOPAGO_WEBHOOK_SECRET).toBeUndefined();
    expect(env.OLIMPIA_LLM_API_KEY).toBeUndefined();
    expect(env.PAYMENT_WEBHOOK_SECRET).toBe(DEFAULT_WEBHOOK_SECRET);
  });

  it('its length is counted without the blanks around it, and those are dropped', () => {
    expect(() => parseEnv({ BETTER_AUTH_SECRET: `${' '.repeat(30)}abc${' '.repeat(30)}` })).toThrow(/BETTER_AUTH_SECRET deve ter pelo menos 32 caracteres/);
    expect(() => parseEnv({ COOKIE_SECRET: `\n${'x'.repeat(8)}${' '.repeat(30)}` })).toThrow(/COOKIE_SECRET deve ter pelo menos 32 caracteres/);
    expect(parseEnv({ BETTER_AUTH_SECRET: `${SECRET}\n` }).BETTER_AUTH_SECRET).toBe(SECRET);
  });

  it('in production with PostgreSQL, a blank BETTER_AUTH_SECRET is refused', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1/loja', BETTER_AUTH_SECRET: '        ' })).toThrow(/BETTER_AUTH_SECRET: obrigatório em produção/);
  });

  it('Mercado Pago with a blank webhook secret is refused', () => {
    expect(() =>
      parseEnv({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789', MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pub-123456', MERCADOPAGO_WEBHOOK_SECRET: ' '.repeat(32) }),
    ).toThrow(/MERCADOPAGO_WEBHOOK_SECRET: obrigatório/);
  });
});

describe('the server process', () => {
  it('refuses to start with HTTPS:// in capitals, the sandbox and no secrets of its own', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-env-'));
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', "const { main } = await import('./server/start.ts'); await main({});"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PUBLIC_URL: 'HTTPS://LOJA.EXEMPLO.COM.BR',
        PAYMENT_PROVIDER: 'sandbox',
        BETTER_AUTH_SECRET: ' '.repeat(48),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '1',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(run.status, run.stderr + run.stdout).toBe(1);
    expect(run.stderr).toMatch(/Configuração inválida[\s\S]*BETTER_AUTH_SECRET: obrigatório em produção[\s\S]*PAYMENT_WEBHOOK_SECRET: defina um segredo próprio/);
  });
});

describe('invoicing (NF-e)', () => {
  it('defaults to the embedded sandbox; Focus NFe needs its token; the fiscal settings are checked with pt-BR messages', () => {
    expect(parseEnv({}).INVOICE_PROVIDER).toBe('sandbox');
    expect(() => parseEnv({ INVOICE_PROVIDER: 'focusnfe' })).toThrow(/FOCUSNFE_TOKEN: obrigatório com INVOICE_PROVIDER=focusnfe/);
    const focus = parseEnv({ INVOICE_PROVIDER: 'focusnfe', FOCUSNFE_TOKEN: 'token-da-empresa-123' });
    expect(focus.FOCUSNFE_API_URL).toBe('https://api.focusnfe.com.br');
    expect(() => parseEnv({ NFE_CNPJ: '123' })).toThrow(/NFE_CNPJ deve ter 14 dígitos/);
    expect(() => parseEnv({ NFE_CFOP_DENTRO_ESTADO: '6102' })).toThrow(/NFE_CFOP_DENTRO_ESTADO deve ser um CFOP/);
    expect(() => parseEnv({ NFE_SERIE: '0' })).toThrow(/NFE_SERIE deve ser de 1 a 889/);
    expect(parseEnv({ NFE_REGIME: 'normal', NFE_SERIE: '2' })).toMatchObject({ NFE_REGIME: 'normal', NFE_SERIE: 2 });
  });
});
