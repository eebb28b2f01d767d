// What the sign-in pages' actions share: calling Better Auth's server API with the browser's headers,
// forwarding its Set-Cookie headers, and turning its errors into pt-BR messages.
import { redirect } from 'react-router';
import type { Authentication } from '#src/domain/accounts/auth.server.ts';
import { authErrorMessage, SOCIAL_PROVIDERS, socialMessages } from '#src/domain/accounts/messages.ts';
import type { SocialProvider } from '#src/domain/accounts/messages.ts';
import { safeRedirect } from './redirects.ts';
import { safeError } from '#src/platform/log-safe.ts';

export interface AuthFailure {
  status: number;
  code: string | undefined;
  message: string;
}

/** A Better Auth APIError as a pt-BR failure, or null when `err` is something else (rethrow it). */
export function authFailure(err: unknown): AuthFailure | null {
  if (!(err instanceof Error) || typeof (err as { statusCode?: unknown }).statusCode !== 'number') return null;
  const e = err as Error & { statusCode: number; body?: { code?: string; message?: string } };
  if (e.statusCode >= 500) return null;
  return { status: e.statusCode, code: e.body?.code, message: e.statusCode === 429 ? (e.body?.message ?? authErrorMessage('RATE_LIMITED')) : authErrorMessage(e.body?.code) };
}

export const isSocialProvider = (v: unknown): v is SocialProvider => (SOCIAL_PROVIDERS as readonly unknown[]).includes(v);

/**
 * "Entrar com Google/Facebook": asks Better Auth for the provider's authorization URL (it stores the OAuth
 * state and sets its state cookie) and sends the browser there. Afterwards the provider comes back to
 * /api/auth/callback/<provider>, which signs in and continues to /Login/social (notice + redirectTo).
 */
export async function startSocialSignIn(request: Request, auth: Authentication, provider: SocialProvider, redirectTo: string): Promise<Response | { formError: string }> {
  if (!auth.providers[provider]) return { formError: socialMessages(provider).unavailable };
  const to = encodeURIComponent(safeRedirect(redirectTo));
  try {
    const { headers, response } = await auth.betterAuth.api.signInSocial({
      body: {
        provider,
        callbackURL: `/Login/social?provedor=${provider}&redirectTo=${to}`,
        newUserCallbackURL: `/Login/social?provedor=${provider}&redirectTo=${to}`,
        errorCallbackURL: `/Login?provedor=${provider}&redirectTo=${to}`,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    const url = (response as { url?: string }).url;
    if (!url) return { formError: socialMessages(provider).failed };
    const out = new Headers();
    for (const c of headers.getSetCookie()) out.append('Set-Cookie', c);
    return redirect(url, { headers: out });
  } catch (err) {
    const failure = authFailure(err);
    if (failure?.status === 429) return { formError: failure.message };
    // PROVIDER_NOT_FOUND: Google's discovery document could not be fetched (offline, provider down).
    if (failure && failure.code !== 'PROVIDER_NOT_FOUND') return { formError: socialMessages(provider).failed };
    if (!failure) console.error('[auth] início do login social falhou:', JSON.stringify(safeError(err)));
    return { formError: socialMessages(provider).unavailable };
  }
}
