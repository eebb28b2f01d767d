// Accounts through the real Hono app (Better Auth under /api/auth, our /api/account), on PGlite and
// PostgreSQL: sign-up and sign-in, pt-BR errors, database rate limits, the origin check, password reset by
// e-mail, the saved cart and its merge, the LGPD download and deletion.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { users, verifications } from '#src/domain/accounts/schema.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { accountsHarness, cookiesOf, mailText, ORIGIN, waitForMail } from '../support/accounts.ts';
import type { AccountsHarness } from '../support/accounts.ts';
import { testServices } from '../support/services.ts';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let database: TestDatabase;
  let h: AccountsHarness;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 30 });
    h = accountsHarness(database);
  });
  afterAll(async () => {
    await database?.dispose();
    h?.cleanup();
  });

  let ipCounter = 10;
  const freshIp = () => `203.0.113.${ipCounter++}`;

  async function signUp(email: string, name = 'Ana Maria Souza', password = 'segredo123', ip = freshIp()) {
    const res = await h.request('/api/auth/sign-up/email', { method: 'POST', json: { email, name, password }, ip });
    return { res, cookie: cookiesOf(res) };
  }
  const signIn = (email: string, password: string, ip = freshIp()) => h.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, ip });

  it('signs up with the full name, sets an HttpOnly SameSite=Lax session cookie and starts as a customer', async () => {
    const { res, cookie } = await signUp('Ana@Example.com', '  Ana   Maria Souza ');
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here
    const me = await h.request('/api/account', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'ana@example.com', name: 'Ana Maria Souza', firstName: 'Ana', role: 'customer' });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect(row).toMatchObject({ name: 'Ana Maria Souza', role: 'customer' });
  });

  it('explains in pt-BR a duplicate e-mail, a short password and a wrong password', async () => {
    const dup = await signUp('ana@example.com');
    expect(dup.res.status).toBe(422);
    expect(await dup.res.json()).toMatchObject({ message: 'Não foi possível criar a conta com este e-mail. Se você já tem conta, entre ou use “Esqueci minha senha”.' });
    const short = await signUp('bia@example.com', 'Bia Lima', 'curta');
    expect(short.res.status).toBe(400);
    expect(await short.res.json()).toMatchObject({ message: 'A senha deve ter pelo menos 8 caracteres.' });
    const wrong = await signIn('ana@example.com', 'errada123');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'E-mail ou senha inválidos.' });
    const ok = await signIn('ANA@example.com', 'segredo123');
    expect(ok.status).toBe(200);
  });

  it('refuses the 11th wrong password within a minute (per e-mail, then per IP) with 429, in the database', async () => {
    await signUp('carla@example.com', 'Carla Dias');
    // Two app instances on the same database share the counts.
    const other = createApp({ build: () => Promise.reject(new Error('no pages')), services: testServices(database), logger: createLogger('silent'), publicUrl: ORIGIN, trustProxy: true });
    for (let i = 1; i <= 10; i++) {
      const app = i % 2 === 0 ? other : h.app;
      const res = await app.fetch(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': freshIp() },
          body: JSON.stringify({ email: 'carla@example.com', password: `errada-${i}` }),
        }),
      );
      expect(res.status, `tentativa ${i}`).toBe(401);
    }
    const eleventh = await signIn('carla@example.com', 'errada-11');
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toMatchObject({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits for the window to end.
    expect((await signIn('carla@example.com', 'segredo123')).status).toBe(429);

    // One IP trying many e-mails.
    const ip = freshIp();
    for (let i = 1; i <= 10; i++) expect((await signIn(`ninguem${i}@example.com`, 'qualquer123', ip)).status).toBe(401);
    expect((await signIn('ninguem11@example.com', 'qualquer123', ip)).status).toBe(429);
    expect((await signIn('ninguem11@example.com', 'qualquer123', freshIp())).status).toBe(401);
  });

  it('counts each sign-in attempt before the password is checked: 60 at once (59 wrong, 1 right) → at most 10 evaluated', async () => {
    await signUp('paralela@example.com', 'Paula Paralela');
    const ip = freshIp();
    const attempts = Array.from({ length: 60 }, (_, i) => signIn('paralela@example.com', i === 37 ? 'segredo123' : `errada-${i}`, i % 2 ? ip : freshIp()));
    const statuses = await Promise.all(attempts.map(async (p) => (await p).status));
    const evaluated = statuses.filter((s) => s !== 429);
    expect(evaluated.length, JSON.stringify(statuses)).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50);
    expect(statuses.every((s) => [200, 401, 429].includes(s))).toBe(true);
  });

  it('a right password gives its attempt back: signing in again and again is not refused', async () => {
    await signUp('frequente@example.com', 'Fred Frequente');
    const ip = freshIp();
    for (let i = 0; i < 14; i++) expect((await signIn('frequente@example.com', 'segredo123', ip)).status, `login ${i + 1}`).toBe(200);
  });

  it('answers the password-reset API in pt-BR and never sends the browser to another site', async () => {
    const asked = await h.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'ninguem-reset@example.com' }, ip: freshIp() });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: true, message: 'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. O link vale por 1 hora.' });
    const foreign = await h.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'ninguem-reset@example.com', redirectTo: 'https://evil.example/roubo' }, ip: freshIp() });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ message: 'Endereço de retorno inválido: use uma página da Olimpo Peças.' });
    const link = await h.request('/api/auth/reset-password/abcdefghij?callbackURL=https://evil.example', { ip: freshIp() });
    expect(link.headers.get('location') ?? '').not.toMatch(/evil\.example/);
    expect(link.status).toBe(400);
    const own = await h.request('/api/auth/reset-password/abcdefghij?callbackURL=/RedefinirSenha', { ip: freshIp() });
    expect(own.status).toBe(302);
    expect(own.headers.get('location')).toMatch(/\/RedefinirSenha\?error=INVALID_TOKEN$/);
  });

  it('limits sign-ups and reset requests per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await signUp(`massa${i}@example.com`, 'Massa Teste', 'segredo123', ip)).res.status).toBe(200);
    const refused = await signUp('massa10@example.com', 'Massa Teste', 'segredo123', ip);
    expect(refused.res.status).toBe(429);
    expect(await database.db.select().from(users).where(eq(users.email, 'massa10@example.com'))).toHaveLength(0);
    // Per e-mail too, whatever the IP: the 6th sign-up attempt for one address within 10 minutes is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUp('repetida@example.com', 'Rita Repetida', 'segredo123', freshIp())).res.status);
    expect(statuses).toEqual([200, 422, 422, 422, 422, 429]);
    for (let i = 0; i < 5; i++) expect((await h.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'massa1@example.com' }, ip: freshIp() })).status).toBe(200);
    expect((await h.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'massa1@example.com' }, ip: freshIp() })).status).toBe(429);
  });

  it('refuses cross-site writes (Origin check) but not same-site ones or the payment webhook', async () => {
    const evil = 'https://evil.example';
    const api = await h.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'ana@example.com', password: 'segredo123' }, origin: evil });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ erro: 'Envio recusado: o formulário não veio do site da Olimpo Peças.' });
    expect((await h.request('/api/cart/quote', { method: 'POST', json: { lines: [] }, origin: evil })).status).toBe(403);
    expect((await h.request('/api/account/cart', { method: 'PUT', json: { items: [] }, origin: 'null' })).status).toBe(403);
    const page = await h.request('/Login', { method: 'POST', body: new URLSearchParams({ email: 'a@b.co' }), origin: evil });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('Envio recusado');
    const fetchMeta = await h.request('/api/cart/quote', { method: 'POST', json: { lines: [] }, origin: null, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchMeta.status).toBe(403);
    expect((await h.request('/api/cart/quote', { method: 'POST', json: { lines: [] } })).status).toBe(200);
    // Not refused by the origin check (the payment domain answers it; here no such route yet).
    expect((await h.request('/api/payments/webhook', { method: 'POST', json: {}, origin: evil })).status).not.toBe(403);
  });

  it('resets a password by e-mail: same answer for unknown e-mails, link valid once, old password gone', async () => {
    await signUp('davi@example.com', 'Davi Rocha');
    const known = await h.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'davi@example.com' } });
    const unknown = await h.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'fantasma@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const eml = mailText(await waitForMail(h.mailDir, 'davi@example.com'));
    expect(eml).toMatch(/Subject: .*crie_uma_nova_senha/);
    expect(eml).toContain('O link vale por 1 hora e só pode ser usado uma vez.');
    const link = /http:\/\/loja\.test\/RedefinirSenha\?token=([A-Za-z0-9_-]+)/.exec(eml);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const reset = await h.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'novaSenha456' } });
    expect(reset.status).toBe(200);
    const again = await h.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'outraSenha789' } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: 'Este link para criar uma nova senha é inválido, já foi usado ou expirou. Peça um novo.' });
    expect((await signIn('davi@example.com', 'segredo123')).status).toBe(401);
    expect((await signIn('davi@example.com', 'novaSenha456')).status).toBe(200);

    // An expired link (older than 1 hour) is refused too.
    await h.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'davi@example.com' } });
    const [v] = await database.db
      .select()
      .from(verifications)
      .where(eq(verifications.value, (await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'davi@example.com')))[0]!.id));
    expect(v!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(v!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, v!.id));
    const expired = await h.request('/api/auth/reset-password', { method: 'POST', json: { token: v!.identifier.replace('reset-password:', ''), newPassword: 'expirada123' } });
    expect(expired.status).toBe(400);
  });

  it('keeps the saved cart per account and merges the guest cart at sign-in (same line: quantities add up)', async () => {
    const { cookie } = await signUp('eva@example.com', 'Eva Prado');
    expect((await h.request('/api/account/cart')).status).toBe(401);
    const put = await h.request('/api/account/cart', {
      method: 'PUT',
      cookie,
      json: {
        items: [
          { id: 1, titulo: 'x', valoratual: 0.01, quantity: 2 },
          { id: 3, quantity: 1 },
        ],
      },
    });
    expect(put.status).toBe(200);
    const merged = await h.request('/api/account/cart/merge', {
      method: 'POST',
      cookie,
      json: {
        items: [
          { id: 1, quantity: 1 },
          { id: 2, quantity: 4 },
          { id: 99_999, quantity: 1 },
        ],
      },
    });
    expect(merged.status).toBe(200);
    const { items } = (await merged.json()) as { items: { id: number; quantity: number; titulo: string; valoratual: number }[] };
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 3],
      [3, 1],
      [2, 4],
    ]);
    expect(items[0]).toMatchObject({ titulo: expect.stringMatching(/\w/), valoratual: 719.9 }); // the database's price, not the browser's
    const get = (await (await h.request('/api/account/cart', { cookie })).json()) as { items: unknown[] };
    expect(get.items).toHaveLength(3);
    // Another shopper sees their own (empty) cart.
    const other = await signUp('fabio@example.com', 'Fabio Reis');
    expect(((await (await h.request('/api/account/cart', { cookie: other.cookie })).json()) as { items: unknown[] }).items).toEqual([]);
    // Bad input: 400 in pt-BR, nothing written.
    for (const bad of [{ items: 'x' }, { items: [{ id: 1, quantity: 0 }] }, { items: [{ id: -1, quantity: 1 }] }, {}]) {
      const res = await h.request('/api/account/cart', { method: 'PUT', cookie, json: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { erro: string }).erro).toMatch(/inválid|mínima/);
    }
    expect(((await (await h.request('/api/account/cart', { cookie })).json()) as { items: unknown[] }).items).toHaveLength(3);
  });

  it('documents the account API in the OpenAPI document', async () => {
    const doc = (await (await h.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/account', '/api/account/cart', '/api/account/cart/merge', '/api/account/addresses', '/api/account/export']));
  });

  it('downloads my data as JSON and deletes my account (session ends, personal data gone)', async () => {
    const { cookie } = await signUp('gil@example.com', 'Gil Souza');
    await h.request('/api/account/cart', { method: 'PUT', cookie, json: { items: [{ id: 5, quantity: 1 }] } });
    const exp = await h.request('/api/account/export', { cookie });
    expect(exp.status).toBe(200);
    expect(exp.headers.get('content-disposition')).toMatch(/attachment; filename="meus-dados-olimpo-pecas.json"/);
    const data = (await exp.json()) as { conta: { email: string; nome: string }; carrinhoSalvo: unknown[]; pedidos: unknown[] };
    expect(data.conta).toMatchObject({ email: 'gil@example.com', nome: 'Gil Souza' });
    expect(data.carrinhoSalvo).toHaveLength(1);
    const del = await h.request('/api/account', { method: 'DELETE', cookie });
    expect(del.status).toBe(200);
    expect((await h.request('/api/account', { cookie })).status).toBe(401);
    expect(await database.db.select().from(users).where(eq(users.email, 'gil@example.com'))).toHaveLength(0);
    expect((await signIn('gil@example.com', 'segredo123')).status).toBe(401);
  });
});
