// Owns sign-in: Better Auth on our database (Drizzle adapter; sessions in the `sessions` table, HttpOnly
// cookie `better-auth.session_token`), e-mail + password, Google and Facebook, password reset by e-mail,
// pt-BR errors and the database-backed rate limits.
//
// Google and Facebook go through Better Auth's generic OAuth plugin rather than its built-in providers:
// the built-in ones hard-code Google's and Facebook's hosts, and ours take every endpoint from
// configuration so tests run the whole round trip against a local fake provider. Google is real OpenID
// Connect (discovery, PKCE, ID token checked against the issuer's keys and a nonce); Facebook is OAuth 2.0
// with the access token checked through the Graph API's debug_token, as Better Auth's own provider does.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { isHttpsUrl } from '#src/platform/https.ts';
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { Db } from '#src/db/client.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import { clientIpFrom, CLIENT_IP_HEADER } from '#src/platform/client-ip.ts';
import { trustedOriginsFor } from '#src/platform/origins.ts';
import { checkAccountLimits, signInSucceeded } from './limits.server.ts';
import { authErrorMessage, MSG } from './messages.ts';
import type { SocialProvider } from './messages.ts';
import { asRole, firstName } from './roles.ts';
import type { Role } from './roles.ts';
import { accounts, sessions, users, verifications } from './schema.ts';
import { authApiInputProblem, MAX_PASSWORD, MIN_PASSWORD } from './validation.ts';
import { authLogEntry, authLogError } from './auth-log.ts';
import type { AuthLogError, AuthLogLevel } from './auth-log.ts';
import { isConnectionError } from '#src/db/client.server.ts';

export const RESET_TOKEN_SECONDS = 60 * 60;
export const SESSION_COOKIE = 'better-auth.session_token';

export interface AuthSettings {
  /** Sends the password reset e-mail (Services.mailer). */
  mailer: Mailer;
  /** Counts a lost connection Better Auth met (its database's `noteConnectionLoss`): the edge then answers 503. */
  onConnectionLoss?: () => void;
  /** PUBLIC_URL: Better Auth's base URL (callbacks, links in e-mails). */
  publicUrl: string;
  /** Other front ends allowed to call /api/auth from the browser (CORS_ORIGINS). */
  corsOrigins?: readonly string[];
  /** Behind a reverse proxy: the request's own origin comes from X-Forwarded-Host/Proto. */
  trustProxy?: boolean;
  secret: string;
  google?: { clientId: string; clientSecret: string; issuerUrl: string };
  facebook?: { clientId: string; clientSecret: string; dialogUrl: string; graphUrl: string };
  /**
   * Where Better Auth's own log lines go, already redacted (auth-log.ts); default: warnings and errors on
   * the console. `errors`: the kind, code and redacted message of the errors it passed along.
   */
  log?: (level: AuthLogLevel, message: string, errors?: AuthLogError[]) => void;
  /** Renders the password reset e-mail's HTML part (src/emails/render.server.ts): React stays out of the domain. */
  resetEmailHtml: RenderPasswordResetHtml;
}

/** What the password reset e-mail's HTML part shows: the first name and the reset link. */
export interface PasswordResetMail {
  hello: string;
  url: string;
}
export type RenderPasswordResetHtml = (mail: PasswordResetMail) => Promise<string>;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

function googleConfig(g: NonNullable<AuthSettings['google']>): GenericOAuthConfig {
  return {
    providerId: 'google',
    name: 'Google',
    discoveryUrl: `${trimSlash(g.issuerUrl)}/.well-known/openid-configuration`,
    // Without the issuer's keys the provider stays off (and discovery is retried on the next sign-in).
    requireIdTokenVerification: true,
    clientId: g.clientId,
    clientSecret: g.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    mapProfileToUser: (p) => ({
      name: typeof p.name === 'string' && p.name.trim() ? p.name : String(p.email ?? '').split('@')[0],
      image: typeof p.picture === 'string' ? p.picture : undefined,
    }),
  };
}

function facebookConfig(f: NonNullable<AuthSettings['facebook']>): GenericOAuthConfig {
  const graph = trimSlash(f.graphUrl);
  return {
    providerId: 'facebook',
    name: 'Facebook',
    authorizationUrl: f.dialogUrl,
    tokenUrl: `${graph}/oauth/access_token`,
    clientId: f.clientId,
    clientSecret: f.clientSecret,
    scopes: ['email', 'public_profile'],
    pkce: false,
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      // The token must have been issued to this app (not to another app the shopper also uses).
      const debug = new URL(`${graph}/debug_token`);
      debug.searchParams.set('input_token', tokens.accessToken);
      debug.searchParams.set('access_token', `${f.clientId}|${f.clientSecret}`);
      const check = await fetch(debug, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
      if (!check.ok) return null;
      const info = ((await check.json()) as { data?: { app_id?: string; is_valid?: boolean; user_id?: string } }).data;
      if (!info?.is_valid || String(info.app_id) !== f.clientId || !info.user_id) return null;
      const me = await fetch(`${graph}/me?fields=id,name,email,picture`, {
        headers: { Authorization: `Bearer ${tokens.accessToken}` },
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      if (!me.ok) return null;
      const p = (await me.json()) as { id?: string; name?: string; email?: string; picture?: { data?: { url?: string } } };
      if (!p.id || String(p.id) !== String(info.user_id)) return null;
      return { id: String(p.id), name: p.name ?? '', email: p.email ?? null, image: p.picture?.data?.url, emailVerified: false };
    },
  };
}

type ErrorLike = { statusCode: number; status: string | number; body?: { code?: string; message?: string }; headers?: HeadersInit };
const isApiError = (v: unknown): v is ErrorLike => v instanceof Error && typeof (v as Partial<ErrorLike>).statusCode === 'number' && 'status' in v;

const REDIRECT_KEYS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'];

/** Does the request ask to send the browser to another site afterwards? Relative paths are ours. */
function foreignRedirect(ctx: { body?: unknown; query?: unknown }, trusted: string[]): boolean {
  for (const source of [ctx.body, ctx.query]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of REDIRECT_KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value !== 'string' || value === '') continue;
      if (/^\/(?![/\\])/.test(value)) continue;
      try {
        if (!trusted.includes(new URL(value).origin)) return true;
      } catch {
        return true;
      }
    }
  }
  return false;
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '';
}

async function sendResetEmail(settings: AuthSettings, user: { email: string; name: string }, token: string) {
  const url = `${trimSlash(settings.publicUrl)}/RedefinirSenha?token=${encodeURIComponent(token)}`;
  const hello = firstName(user.name) || 'cliente';
  await settings.mailer.send({
    to: user.email,
    subject: 'Olimpo Peças: crie uma nova senha',
    text: [
      `Olá, ${hello}!`,
      '',
      'Recebemos um pedido para criar uma nova senha na Olimpo Peças. Para escolher a nova senha, abra o link:',
      url,
      '',
      'O link vale por 1 hora e só pode ser usado uma vez.',
      'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    ].join('\n'),
    html: await settings.resetEmailHtml({ hello, url }),
  });
}

export function createAuth(db: Db, settings: AuthSettings) {
  const origin = new URL(settings.publicUrl).origin;
  const policy = { publicOrigin: origin, corsOrigins: settings.corsOrigins ?? [], trustProxy: settings.trustProxy ?? false };
  const trustedFor = (request?: Request) => (request ? trustedOriginsFor(policy, request.url, request.headers) : [origin, ...policy.corsOrigins]);
  const providers: GenericOAuthConfig[] = [];
  if (settings.google) providers.push(googleConfig(settings.google));
  if (settings.facebook) providers.push(facebookConfig(settings.facebook));
  const log = settings.log ?? ((level, message, errors) => (level === 'error' || level === 'warn') && console[level](`[auth] ${message}${errors?.length ? ` ${JSON.stringify(errors)}` : ''}`));
  // Better Auth's logger receives the errors it caught (a failed query, with the e-mail, the password hash
  // and the session token among its parameters): only their redacted kind reaches `log`. A lost connection
  // is counted, so the edge answers the request it failed 503 (server/app.ts).
  const fromBetterAuth = (level: AuthLogLevel, message: unknown, ...args: unknown[]) => {
    if ([message, ...args].some((a) => isConnectionError(a))) settings.onConnectionLoss?.();
    const entry = authLogEntry(message, args);
    log(level, entry.message, entry.errors.length > 0 ? entry.errors : undefined);
  };

  return betterAuth({
    appName: 'Olimpo Peças',
    baseURL: origin,
    basePath: '/api/auth',
    secret: settings.secret,
    // Writes are trusted from PUBLIC_URL, CORS_ORIGINS and the address the request was sent to (the shop
    // opened at 127.0.0.1 or a LAN address); the same policy as the HTTP edge (src/platform/origins.ts).
    trustedOrigins: (request?: Request) => trustedFor(request),
    telemetry: { enabled: false },
    logger: { level: 'debug', log: fromBetterAuth },
    database: drizzleAdapter(db, { provider: 'pg', usePlural: true, schema: { users, sessions, accounts, verifications } }),
    // Better Auth's own limiter keeps counts in memory per process; ours (limits.server.ts) is in the database.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD,
      maxPasswordLength: MAX_PASSWORD,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Not awaited: the answer must take the same time whether or not the e-mail has an account.
        void sendResetEmail(settings, user, token).catch((err: unknown) => log('error', 'e-mail de nova senha falhou', err instanceof Error ? [authLogError(err)] : undefined));
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const name =
              String(user.name ?? '')
                .replace(/\s+/g, ' ')
                .trim()
                .slice(0, 100) || String(user.email).split('@')[0]!;
            return { data: { ...user, name, email: String(user.email).toLowerCase(), role: 'customer' } };
          },
        },
      },
    },
    advanced: {
      useSecureCookies: isHttpsUrl(origin),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    onAPIError: {
      errorURL: '/Login',
      // An error that is not an APIError (a failed query: the database went away) leaves the handler as it
      // is, for the edge to answer 503 or a pt-BR 500 and log it redacted (server/app.ts). Without this,
      // Better Auth's router prints it whole with console.error ("# SERVER_ERROR:", every query parameter
      // included) and answers an empty 500. APIErrors (4xx, its own 500s) still become answers.
      throw: true,
    },
    plugins: providers.length > 0 ? [genericOAuth({ config: providers })] : [],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const problem = authApiInputProblem(ctx.path, ctx.body);
        if (problem) throw new APIError('BAD_REQUEST', problem);
        // Where Better Auth sends the browser afterwards (the reset link's callbackURL, redirectTo…): our own
        // pages only, never another site (an open redirect in an e-mail link).
        if (foreignRedirect(ctx, trustedFor(ctx.request))) throw new APIError('BAD_REQUEST', { code: 'INVALID_REDIRECT_URL', message: MSG.invalidRedirect });
        const attempt = { ip: clientIpFrom(ctx.headers ?? ctx.request?.headers), email: emailOf(ctx.body) };
        const refused = await checkAccountLimits(db, ctx.path, attempt);
        if (refused) {
          throw new APIError('TOO_MANY_REQUESTS', { code: 'RATE_LIMITED', message: MSG.tooManyAttempts }, { 'Retry-After': String(refused.retryAfterSeconds) });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path === '/sign-in/email' && returned && !isApiError(returned) && !(returned instanceof Response && returned.status >= 400)) {
          await signInSucceeded(db, { ip: clientIpFrom(ctx.headers ?? ctx.request?.headers), email: emailOf(ctx.body) });
        }
        // Better Auth's own success sentence is English.
        if (ctx.path === '/request-password-reset' && returned && !isApiError(returned) && !(returned instanceof Response)) {
          return ctx.json({ status: true, message: MSG.resetRequested });
        }
        if (!isApiError(returned) || returned.statusCode < 400 || returned.statusCode >= 500) return;
        const code = returned.body?.code;
        // Every error the JSON API answers is in pt-BR; the code stays for programs.
        if (code !== 'RATE_LIMITED') {
          throw new APIError(returned.status as never, { ...returned.body, code, message: authErrorMessage(code) }, returned.headers);
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Sign-in on one database (Services.auth, built by the composition root): Better Auth on it, made on first
 * use, and what the pages show of its settings. Tests build one per test database.
 */
export interface Authentication {
  /** Better Auth on the database: the `/api/auth/*` handler and its server API (sessions, sign-up, reset…). */
  readonly betterAuth: Auth;
  /** Which social sign-ins are configured (the pages say the others are unavailable). */
  readonly providers: Readonly<Record<SocialProvider, boolean>>;
  /** Origins a sign-in form may send the browser to (the social providers' authorization pages), for the CSP. */
  readonly formOrigins: readonly string[];
}

export function createAuthentication(db: Db, settings: AuthSettings): Authentication {
  let instance: Auth | undefined;
  const formOrigins: string[] = [];
  if (settings.google) formOrigins.push(new URL(settings.google.issuerUrl).origin);
  if (settings.facebook) formOrigins.push(new URL(settings.facebook.dialogUrl).origin);
  return {
    get betterAuth() {
      instance ??= createAuth(db, settings);
      return instance;
    },
    providers: { google: !!settings.google, facebook: !!settings.facebook },
    formOrigins,
  };
}

/** The signed-in user of a request (cookie), or null. Cheap when there is no session cookie at all. */
export async function sessionUserOf(auth: Authentication, headers: Headers): Promise<SessionUser | null> {
  if (!(headers.get('cookie') ?? '').includes(SESSION_COOKIE)) return null;
  const session = await auth.betterAuth.api.getSession({ headers });
  if (!session) return null;
  const u = session.user as { id: string; email: string; name: string; role?: unknown };
  return { id: u.id, email: u.email, name: u.name, role: asRole(u.role) };
}
