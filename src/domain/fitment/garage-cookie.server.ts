// The guest's "Minha garagem" in a signed cookie: up to five vehicles (version id and model year) and which
// one is active, HMAC-SHA256 signed so a changed value is ignored. HttpOnly and SameSite=Lax: the server reads
// it on the first request and renders the right results; scripts never see it.
import crypto from 'node:crypto';

export const GARAGE_COOKIE = 'olimpo_garagem';
export const COOKIE_GARAGE_LIMIT = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface CookieGarage {
  /** Most recent first. */
  entries: { vehicleId: number; year: number }[];
  /** Index into entries of the active vehicle, or null. */
  active: number | null;
}

export const emptyCookieGarage = (): CookieGarage => ({ entries: [], active: null });

// Signed with the store's cookie secret (COOKIE_SECRET, the same on every instance: server/cookie-secret.ts),
// which the caller passes in (Services.cookieSecret).
const sign = (payload: string, secret: string) => crypto.createHmac('sha256', secret).update(`garagem:${payload}`).digest('base64url');

export function encodeGarage(garage: CookieGarage, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ v: garage.entries.map((e) => [e.vehicleId, e.year]), a: garage.active }), 'utf8').toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The garage in a cookie value, or null when it is missing, malformed or its signature does not match. */
export function decodeGarage(value: string | undefined | null, secret: string): CookieGarage | null {
  if (!value || value.length > 1024) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'utf8');
  const expected = Buffer.from(sign(payload, secret), 'utf8');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { v?: unknown; a?: unknown };
    if (!Array.isArray(data.v)) return null;
    const entries = data.v
      .filter((e): e is [number, number] => Array.isArray(e) && e.length === 2 && e.every((n) => Number.isSafeInteger(n) && n > 0))
      .slice(0, COOKIE_GARAGE_LIMIT)
      .map(([vehicleId, year]) => ({ vehicleId, year }));
    const active = typeof data.a === 'number' && Number.isInteger(data.a) && data.a >= 0 && data.a < entries.length ? data.a : null;
    return { entries, active };
  } catch {
    return null;
  }
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function readGarageCookie(request: Request, secret: string): CookieGarage {
  return decodeGarage(readCookie(request, GARAGE_COOKIE), secret) ?? emptyCookieGarage();
}

/** The Set-Cookie header for a garage (an empty one deletes the cookie). */
export function garageCookieHeader(garage: CookieGarage, opts: { secure: boolean; secret: string }): string {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(opts.secure ? ['Secure'] : [])];
  if (garage.entries.length === 0) return [`${GARAGE_COOKIE}=`, 'Max-Age=0', ...attrs].join('; ');
  return [`${GARAGE_COOKIE}=${encodeGarage(garage, opts.secret)}`, `Max-Age=${MAX_AGE_SECONDS}`, ...attrs].join('; ');
}

/** Pure garage edits, shared by the cookie and tests: activate (adding when new), deactivate, remove. */
export function withActive(garage: CookieGarage, choice: { vehicleId: number; year: number }): CookieGarage {
  const rest = garage.entries.filter((e) => !(e.vehicleId === choice.vehicleId && e.year === choice.year));
  return { entries: [choice, ...rest].slice(0, COOKIE_GARAGE_LIMIT), active: 0 };
}

export function withoutActive(garage: CookieGarage): CookieGarage {
  return { entries: garage.entries, active: null };
}

export function without(garage: CookieGarage, choice: { vehicleId: number; year: number }): CookieGarage {
  const activeEntry = garage.active === null ? null : garage.entries[garage.active];
  const entries = garage.entries.filter((e) => !(e.vehicleId === choice.vehicleId && e.year === choice.year));
  const active = activeEntry ? entries.indexOf(activeEntry) : -1;
  return { entries, active: active >= 0 ? active : null };
}
