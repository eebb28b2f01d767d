// A local stand-in for Google (OpenID Connect: discovery, JWKS, PKCE, RS256 ID tokens with nonce) and
// Facebook (OAuth 2.0 dialog, token, debug_token, /me), so tests run the whole sign-in round trip over HTTP
// without the internet. The "consent" page has an e-mail and a name field and an "Autorizar" button.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeClient {
  clientId: string;
  clientSecret: string;
}

export interface FakeOAuth {
  /** http://127.0.0.1:<port> */
  url: string;
  googleIssuer: string;
  facebookDialog: string;
  facebookGraph: string;
  /** Token requests seen (for assertions). */
  tokenRequests: { provider: string; params: Record<string, string> }[];
  close(): Promise<void>;
}

interface Grant {
  provider: 'google' | 'facebook';
  email: string;
  name: string;
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string | null;
  expiresAt: number;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const subOf = (provider: string, email: string) => crypto.createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest('hex').slice(0, 21);

async function readBody(req: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startFakeOAuth(opts: { port?: number; google: FakeClient; facebook: FakeClient }): Promise<FakeOAuth> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto.randomBytes(8).toString('hex');
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as Record<string, string>), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const tokenRequests: FakeOAuth['tokenRequests'] = [];
  let base = '';

  const signJwt = (payload: Record<string, unknown>) => {
    const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
    const body = b64url(JSON.stringify(payload));
    const sig = crypto.sign('sha256', Buffer.from(`${head}.${body}`), privateKey);
    return `${head}.${body}.${b64url(sig)}`;
  };

  const consentPage = (provider: 'google' | 'facebook', q: URLSearchParams) => {
    const label = provider === 'google' ? 'Google (teste)' : 'Facebook (teste)';
    const hidden = ['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'scope']
      .map((k) => `<input type="hidden" name="${k}" value="${esc(q.get(k) ?? '')}">`)
      .join('');
    return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>${label}</title><body>
<h1>Entrar com ${label}</h1>
<form method="post" action="/approve">
<input type="hidden" name="provider" value="${provider}">${hidden}
<label>E-mail <input name="email" type="email" value="${esc(q.get('login_hint') ?? '')}"></label>
<label>Nome <input name="name" value=""></label>
<button type="submit" name="decision" value="allow">Autorizar</button>
<button type="submit" name="decision" value="deny">Cancelar</button>
</form></body></html>`;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const clientOk = (provider: 'google' | 'facebook', req: http.IncomingMessage, params: URLSearchParams) => {
    const expected = opts[provider];
    let id = params.get('client_id');
    let secret = params.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [u, p] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    return id === expected.clientId && secret === expected.clientSecret;
  };

  const exchange = (provider: 'google' | 'facebook', req: http.IncomingMessage, params: URLSearchParams, res: http.ServerResponse) => {
    tokenRequests.push({ provider, params: Object.fromEntries(params) });
    if (!clientOk(provider, req, params)) return json(res, 401, { error: 'invalid_client' });
    const grant = codes.get(params.get('code') ?? '');
    codes.delete(params.get('code') ?? '');
    if (!grant || grant.provider !== provider || grant.expiresAt < Date.now() || grant.redirectUri !== params.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    if (grant.codeChallenge) {
      const verifier = params.get('code_verifier') ?? '';
      if (b64url(crypto.createHash('sha256').update(verifier).digest()) !== grant.codeChallenge) return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE' });
    }
    const accessToken = crypto.randomBytes(24).toString('hex');
    accessTokens.set(accessToken, grant);
    const out: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 };
    if (provider === 'google') {
      const now = Math.floor(Date.now() / 1000);
      out.scope = 'openid email profile';
      out.id_token = signJwt({
        iss: `${base}/google`,
        aud: grant.clientId,
        sub: subOf('google', grant.email),
        email: grant.email,
        email_verified: true,
        name: grant.name,
        picture: `${base}/avatar.png`,
        iat: now,
        exp: now + 3600,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      });
    }
    return json(res, 200, out);
  };

  const bearer = (req: http.IncomingMessage) => accessTokens.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      const p = url.pathname;
      if (req.method === 'GET' && p === '/google/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer: `${base}/google`,
          authorization_endpoint: `${base}/google/authorize`,
          token_endpoint: `${base}/google/token`,
          userinfo_endpoint: `${base}/google/userinfo`,
          jwks_uri: `${base}/google/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (req.method === 'GET' && p === '/google/jwks') return json(res, 200, { keys: [jwk] });
      if (req.method === 'GET' && (p === '/google/authorize' || p === '/facebook/dialog')) {
        const provider = p.startsWith('/google') ? 'google' : 'facebook';
        if (url.searchParams.get('client_id') !== opts[provider].clientId) return json(res, 400, { error: 'unauthorized_client' });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(consentPage(provider, url.searchParams));
      }
      if (req.method === 'POST' && p === '/approve') {
        const f = new URLSearchParams(await readBody(req));
        const redirect = new URL(f.get('redirect_uri') ?? '');
        if (f.get('state')) redirect.searchParams.set('state', f.get('state')!);
        if (f.get('decision') === 'deny') {
          redirect.searchParams.set('error', 'access_denied');
        } else {
          const code = crypto.randomBytes(16).toString('hex');
          codes.set(code, {
            provider: f.get('provider') === 'facebook' ? 'facebook' : 'google',
            email: f.get('email') ?? '',
            name: f.get('name') ?? '',
            clientId: f.get('client_id') ?? '',
            redirectUri: f.get('redirect_uri') ?? '',
            nonce: f.get('nonce') || null,
            codeChallenge: f.get('code_challenge') || null,
            expiresAt: Date.now() + 60_000,
          });
          redirect.searchParams.set('code', code);
        }
        res.writeHead(302, { location: redirect.toString() });
        return res.end();
      }
      if (req.method === 'POST' && p === '/google/token') return exchange('google', req, new URLSearchParams(await readBody(req)), res);
      if ((req.method === 'POST' || req.method === 'GET') && p === '/facebook/graph/oauth/access_token') {
        const params = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
        return exchange('facebook', req, params, res);
      }
      if (req.method === 'GET' && p === '/google/userinfo') {
        const g = bearer(req);
        if (!g) return json(res, 401, { error: 'invalid_token' });
        return json(res, 200, { sub: subOf('google', g.email), email: g.email, email_verified: true, name: g.name });
      }
      if (req.method === 'GET' && p === '/facebook/graph/debug_token') {
        const app = url.searchParams.get('access_token');
        if (app !== `${opts.facebook.clientId}|${opts.facebook.clientSecret}`) return json(res, 400, { error: { message: 'bad app token' } });
        const g = accessTokens.get(url.searchParams.get('input_token') ?? '');
        return json(res, 200, { data: g ? { app_id: g.clientId, is_valid: true, user_id: subOf('facebook', g.email) } : { is_valid: false } });
      }
      if (req.method === 'GET' && p === '/facebook/graph/me') {
        const g = bearer(req);
        if (!g) return json(res, 401, { error: { message: 'invalid token' } });
        return json(res, 200, { id: subOf('facebook', g.email), name: g.name, ...(g.email ? { email: g.email } : {}), picture: { data: { url: `${base}/avatar.png` } } });
      }
      json(res, 404, { error: 'not_found' });
    } catch (err) {
      json(res, 500, { error: (err as Error).message });
    }
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    googleIssuer: `${base}/google`,
    facebookDialog: `${base}/facebook/dialog`,
    facebookGraph: `${base}/facebook/graph`,
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
