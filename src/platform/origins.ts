// Which web origins may write to the shop. A browser's Origin header is compared with:
//   - the origin the request was sent to (its Host and scheme; behind TRUST_PROXY, X-Forwarded-Host/Proto,
//     with PUBLIC_URL's scheme for PUBLIC_URL's host when the proxy sends no scheme), so the shop works at
//     http://localhost:3000, http://127.0.0.1:3000, the machine's LAN address or behind a TLS proxy alike;
//   - PUBLIC_URL (canonical URLs, e-mail links and OAuth callbacks keep using it);
//   - CORS_ORIGINS, the other front ends allowed to use the API from the browser.
// A foreign, `null` or unreadable origin is none of them.

/** "https://a.com, http://b.com:8080/" → ["https://a.com", "http://b.com:8080"]; throws on anything else. */
export function parseOriginList(csv: string | undefined): string[] {
  if (!csv) return [];
  const out: string[] = [];
  for (const raw of csv
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`origem inválida: ${raw}`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash || url.username) {
      throw new Error(`origem inválida: ${raw} (use esquema, host e porta, como https://loja.exemplo.com)`);
    }
    out.push(url.origin);
  }
  return [...new Set(out)];
}

const lastHop = (v: string | null) => (v ? v.split(',').at(-1)!.trim() : '');

/**
 * The origin this request was addressed to, or null when it cannot be read. Behind TRUST_PROXY, a proxy that
 * forwards the host but no scheme is taken to speak PUBLIC_URL's scheme (`publicOrigin`) for PUBLIC_URL's host.
 */
export function requestOrigin(url: string, headers: Headers, trustProxy: boolean, publicOrigin?: string): string | null {
  try {
    const u = new URL(url);
    let protocol = u.protocol;
    let host = headers.get('host') || u.host;
    if (trustProxy) {
      const proto = lastHop(headers.get('x-forwarded-proto')).toLowerCase();
      host = lastHop(headers.get('x-forwarded-host')) || host;
      if (proto === 'http' || proto === 'https') protocol = `${proto}:`;
      else if (publicOrigin) {
        const pub = new URL(publicOrigin);
        if (pub.host === new URL(`${pub.protocol}//${host}`).host) protocol = pub.protocol;
      }
    }
    if (!/^[a-z0-9.\-[\]:]+$/i.test(host)) return null;
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The request as the browser addressed it. Behind a TLS proxy (TRUST_PROXY) the socket's URL is
 * http://<host>/…, while the browser's Origin is https://…: React Router compares the two on every page
 * action and refuses a mismatch with a 400. Without TRUST_PROXY, or when nothing differs, the same request.
 */
export function asAddressed(request: Request, policy: Pick<OriginPolicy, 'publicOrigin' | 'trustProxy'>): Request {
  if (!policy.trustProxy) return request;
  const origin = requestOrigin(request.url, request.headers, true, policy.publicOrigin);
  const url = new URL(request.url);
  if (!origin || origin === url.origin) return request;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`${origin}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export interface OriginPolicy {
  publicOrigin: string;
  corsOrigins: readonly string[];
  trustProxy: boolean;
}

/** Every origin that may write with this request: its own, PUBLIC_URL's and CORS_ORIGINS. */
export function trustedOriginsFor(policy: OriginPolicy, url: string, headers: Headers): string[] {
  const own = requestOrigin(url, headers, policy.trustProxy, policy.publicOrigin);
  return [policy.publicOrigin, ...policy.corsOrigins, ...(own ? [own] : [])];
}

/**
 * Is this write from one of our pages or an allowed front end? Browsers send Origin on every POST; without
 * it, Sec-Fetch-Site or the Referer decide. A request with none of the three is not from a browser (a
 * program calling the API), where a forged cross-site write cannot happen.
 */
export function isTrustedWrite(headers: Headers, trusted: readonly string[]): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin !== 'null' && trusted.includes(origin);
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const referer = headers.get('referer');
  if (referer) {
    try {
      return trusted.includes(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  return true;
}
