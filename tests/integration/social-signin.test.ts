// The whole Google (OpenID Connect) and Facebook (OAuth 2.0) sign-in round trip against a local fake
// provider over HTTP: our app → provider consent → callback → session, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '#src/domain/accounts/schema.ts';
import { accountsHarness, cookiesOf } from '../support/accounts.ts';
import type { AccountsHarness } from '../support/accounts.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { startFakeOAuth } from '../support/fake-oauth.ts';
import type { FakeOAuth } from '../support/fake-oauth.ts';

const google = { clientId: 'google-client-teste', clientSecret: 'google-secret-teste' };
const facebook = { clientId: '1234567890', clientSecret: 'facebook-secret-teste' };

describe.each(DATABASE_KINDS)('social sign-in on %s', (kind) => {
  let database: TestDatabase;
  let fake: FakeOAuth;
  let h: AccountsHarness;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fake = await startFakeOAuth({ google, facebook });
    h = accountsHarness(database, {
      google: { ...google, issuerUrl: fake.googleIssuer },
      facebook: { ...facebook, dialogUrl: fake.facebookDialog, graphUrl: fake.facebookGraph },
    });
  });
  afterAll(async () => {
    await database?.dispose();
    await fake?.close();
    h?.cleanup();
  });

  /** Starts the sign-in on our app and returns the provider URL and the state cookie. */
  async function start(provider: 'google' | 'facebook') {
    const res = await h.request('/api/auth/sign-in/social', {
      method: 'POST',
      json: { provider, callbackURL: `/Login/social?provedor=${provider}`, errorCallbackURL: `/Login?provedor=${provider}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; redirect: boolean };
    return { url: new URL(body.url), cookie: cookiesOf(res) };
  }

  /** The shopper on the provider's consent page: approves (or cancels) as this person. */
  async function consent(authorizeUrl: URL, provider: 'google' | 'facebook', who: { email: string; name: string }, decision = 'allow') {
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const q = authorizeUrl.searchParams;
    const form = new URLSearchParams({ provider, email: who.email, name: who.name, decision });
    for (const k of ['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge', 'code_challenge_method']) form.set(k, q.get(k) ?? '');
    const res = await fetch(`${fake.url}/approve`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  async function roundTrip(provider: 'google' | 'facebook', who: { email: string; name: string }) {
    const { url, cookie } = await start(provider);
    const callback = await consent(url, provider, who);
    expect(callback.origin + callback.pathname).toBe(`http://loja.test/api/auth/callback/${provider}`);
    const res = await h.request(callback.pathname + callback.search, { cookie, origin: null });
    return { res, cookie: cookiesOf(res, cookie), authorizeUrl: url };
  }

  it('Google: OpenID Connect with PKCE and a nonce, then a session for the new account', async () => {
    const { res, cookie, authorizeUrl } = await roundTrip('google', { email: 'Helena@Gmail.test', name: 'Helena Castro' });
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/google/authorize`);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('scope')).toMatch(/openid/);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/Login/social?provedor=google');
    const me = await h.request('/api/account', { cookie });
    expect(await me.json()).toMatchObject({ email: 'helena@gmail.test', name: 'Helena Castro', firstName: 'Helena', role: 'customer' });
    expect(fake.tokenRequests.at(-1)).toMatchObject({ provider: 'google', params: { grant_type: 'authorization_code', code_verifier: expect.any(String) } });

    // Signing in again reuses the same account.
    const again = await roundTrip('google', { email: 'helena@gmail.test', name: 'Helena Castro' });
    expect(again.res.headers.get('location')).toBe('/Login/social?provedor=google');
    const rows = await database.db.select().from(users).where(eq(users.email, 'helena@gmail.test'));
    expect(rows).toHaveLength(1);
    const links = await database.db.select().from(accounts).where(eq(accounts.userId, rows[0]!.id));
    expect(links.map((l) => l.providerId)).toEqual(['google']);
  });

  it('Facebook: OAuth 2.0, the token checked with debug_token, then a session', async () => {
    const { res, cookie, authorizeUrl } = await roundTrip('facebook', { email: 'igor@facebook.test', name: 'Igor Nunes' });
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/facebook/dialog`);
    expect(res.headers.get('location')).toBe('/Login/social?provedor=facebook');
    expect(await (await h.request('/api/account', { cookie })).json()).toMatchObject({ email: 'igor@facebook.test', name: 'Igor Nunes' });
  });

  it('a cancelled consent or a forged callback ends on the sign-in page with an error code, without a session', async () => {
    const { url, cookie } = await start('google');
    const denied = await consent(url, 'google', { email: 'joana@gmail.test', name: 'Joana' }, 'deny');
    const res = await h.request(denied.pathname + denied.search, { cookie, origin: null });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!, 'http://loja.test');
    expect(to.pathname).toBe('/Login');
    expect(to.searchParams.get('provedor')).toBe('google');
    expect(to.searchParams.get('error')).toBe('access_denied');

    // A callback without the browser's state cookie (someone else's link) is refused.
    const other = await start('google');
    const cb = await consent(other.url, 'google', { email: 'joana@gmail.test', name: 'Joana Lima' });
    const forged = await h.request(cb.pathname + cb.search, { origin: null });
    expect(forged.status).toBe(302);
    expect(new URL(forged.headers.get('location')!, 'http://loja.test').searchParams.get('error')).toBeTruthy();
    expect(cookiesOf(forged)).not.toMatch(/session_token/);
    expect(await database.db.select().from(users).where(eq(users.email, 'joana@gmail.test'))).toHaveLength(0);
  });
});
