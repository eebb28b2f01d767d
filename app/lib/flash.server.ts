// One-time notices that survive a redirect ("Login realizado com sucesso!" shown on the home page after
// signing in). The action sets a short-lived HttpOnly cookie holding a key from FLASH_MESSAGES — never free
// text — and the root loader reads it, shows the message once and clears the cookie.
import { redirect } from 'react-router';
import { FLASH_MESSAGES, isFlashKey } from '#src/domain/accounts/messages.ts';
import type { FlashKey } from '#src/domain/accounts/messages.ts';
import { isHttpsUrl } from '#src/platform/https.ts';
import { publicUrl } from './site.server.ts';

const COOKIE = 'olimpo_flash';

const secure = () => (isHttpsUrl(publicUrl()) ? '; Secure' : '');

export function flashCookie(key: FlashKey): string {
  return `${COOKIE}=${key}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure()}`;
}

export function clearFlashCookie(): string {
  return `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure()}`;
}

export interface Flash {
  key: FlashKey;
  message: string;
}

export function readFlash(request: Request): Flash | null {
  const cookie = request.headers.get('cookie') ?? '';
  const m = new RegExp(`(?:^|;\\s*)${COOKIE}=([a-z-]{1,40})`).exec(cookie);
  if (!m || !isFlashKey(m[1]!)) return null;
  return { key: m[1], message: FLASH_MESSAGES[m[1]] };
}

/** A redirect carrying a flash notice and any other cookies (Better Auth's session cookie, for one). */
export function redirectWithFlash(to: string, key: FlashKey, extra?: Headers | null): Response {
  const headers = new Headers();
  for (const c of extra?.getSetCookie() ?? []) headers.append('Set-Cookie', c);
  headers.append('Set-Cookie', flashCookie(key));
  return redirect(to, { headers });
}
