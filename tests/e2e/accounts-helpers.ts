// Helpers for the accounts specs. Each test is its own visitor: a random client IP (the e2e server trusts
// X-Forwarded-For like an app behind a proxy), so the per-IP rate limits of one test never touch another.
import fs from 'node:fs';
import path from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { test as base, expect, request } from '@playwright/test';
import type { Browser, BrowserContext, Cookie, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT, serverInfoFile } from './e2e-config.ts';
import { waitForHydration } from './helpers.ts';

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const randomIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'X-Forwarded-For': randomIp() });
  },
});
export { expect };

let counter = 0;
export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}@exemplo.test`;
export const validCpf = () => generateCpf();
export const PASSWORD = 'senhaForte123';

/** A second browser (its own cookies, storage and IP). */
export async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'pt-BR', extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } });
  return { context, page: await context.newPage() };
}

export const notice = (page: Page) => page.getByTestId('aviso');

export async function signUp(page: Page, opts: { email: string; name: string; password?: string }) {
  await page.goto('/Registrar');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(opts.email);
  await page.getByLabel('Nome Completo').fill(opts.name);
  await page.getByLabel('Senha', { exact: true }).fill(opts.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(notice(page)).toHaveText('Conta criada com sucesso!');
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/Login');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(notice(page)).toHaveText('Login realizado com sucesso!');
}

export async function signOut(page: Page) {
  await page.locator('header summary', { hasText: 'Olá,' }).click();
  await page.locator('header').getByRole('button', { name: 'Sair' }).click();
  await expect(notice(page)).toHaveText('Você saiu da sua conta.');
}

/** The e2e admin signed in through the /Login page (for tests of the sign-in and the pages around it). */
export const signInAsAdminThroughForm = (page: Page) => signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);

// One admin session per Playwright worker (a worker is one process that runs its tests one after another):
// the password is hashed once, not once per test. No test signs the admin out or ends its sessions.
let adminCookies: Promise<Cookie[]> | undefined;

async function newAdminSession(): Promise<Cookie[]> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL, 'X-Forwarded-For': randomIp() } });
  try {
    const res = await api.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
    expect(res.status(), await res.text()).toBe(200);
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
}

/** Signs the page's browser context in as the e2e admin, with this worker's admin session. The page does not move. */
export async function signInAsAdmin(page: Page): Promise<void> {
  adminCookies ??= newAdminSession().catch((err: unknown) => {
    adminCookies = undefined;
    throw err;
  });
  await page.context().addCookies(await adminCookies);
}

/**
 * A new account, signed in: posts the /Registrar form from the page's browser context, as the form does
 * without JavaScript (the same action; the session cookie lands in the page's context). The page does not
 * move. For tests whose subject comes after the sign-up; the form itself is driven by `signUp`.
 */
export async function createAccount(page: Page, opts: { email: string; name: string; password?: string }): Promise<void> {
  const form = { intent: 'cadastro', redirectTo: '', email: opts.email, name: opts.name, password: opts.password ?? PASSWORD };
  // The redirect is followed: the page it lands on shows the one-time notice, and so clears it.
  const res = await page.request.post('/Registrar', { form, headers: { origin: BASE_URL } });
  expect(res.ok() && (await res.text()).includes('Conta criada com sucesso!'), `/Registrar: ${res.status()}`).toBe(true);
}

/** The newest e-mail sent to `to`, read from the e2e server's DATA_DIR/mail (decoded quoted-printable). */
export async function readMail(to: string, timeoutMs = 10_000): Promise<string> {
  const info = JSON.parse(fs.readFileSync(serverInfoFile(E2E_PORT), 'utf8')) as { dataDir: string };
  const dir = path.join(info.dataDir, 'mail');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(dir)) {
      for (const f of fs
        .readdirSync(dir)
        .filter((n) => n.endsWith('.eml'))
        .sort()
        .reverse()) {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        if (raw.includes(`To: ${to}`)) return decodeQuotedPrintable(raw);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Nenhum e-mail para ${to}`);
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** Fills the customer/seller form (spec §3 fields). */
export async function fillPersonForm(page: Page, v: { nome: string; email: string; cpf: string; celular: string; endereco: string; bairro: string; cidade: string; cep: string }) {
  await page.getByLabel('Nome completo').fill(v.nome);
  await page.getByLabel('E-mail', { exact: true }).fill(v.email);
  // Masked fields are typed digit by digit, as a person would (the mask formats them).
  for (const [label, value] of [
    ['CPF', v.cpf],
    ['Celular', v.celular],
    ['CEP', v.cep],
  ] as const) {
    await page.getByLabel(label).fill('');
    await page.getByLabel(label).pressSequentially(value.replace(/\D/g, ''));
  }
  await page.getByLabel('Endereço (rua e número)').fill(v.endereco);
  await page.getByLabel('Bairro').fill(v.bairro);
  await page.getByLabel('Cidade').fill(v.cidade);
}

export const person = (overrides: Partial<Parameters<typeof fillPersonForm>[1]> = {}) => ({
  nome: 'Rafael Teixeira Lima',
  email: uniqueEmail('contato'),
  cpf: validCpf(),
  celular: '11987654321',
  endereco: 'Rua das Flores, 120',
  bairro: 'Centro',
  cidade: 'Campinas',
  cep: '13015001',
  ...overrides,
});

/**
 * Opens a paid order's back-office page once it can be moved: a paid order is invoiced by the NF-e job
 * (sandbox) before the owner can pick its next status, so the page is reloaded until "Nova situação" shows.
 */
export async function openMovableAdminOrder(page: Page, number: string): Promise<void> {
  await page.goto(`/Admin/Pedidos/${number}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByLabel('Nova situação')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await waitForHydration(page);
}
