// The client's IP address, decided once at the HTTP edge (server/app.ts) and carried to route actions and
// Better Auth in one request header. The edge always overwrites it, so a browser cannot choose its own.
export const CLIENT_IP_HEADER = 'x-olimpo-client-ip';

export function clientIpFrom(headers: Headers | undefined | null): string {
  return headers?.get(CLIENT_IP_HEADER) ?? 'desconhecido';
}

/**
 * The address to trust: with a reverse proxy in front (TRUST_PROXY=true), the last hop of X-Forwarded-For,
 * which that proxy appended; otherwise the socket's remote address.
 */
export function resolveClientIp(opts: { forwardedFor: string | undefined; remoteAddress: string | undefined; trustProxy: boolean }): string {
  if (opts.trustProxy && opts.forwardedFor) {
    const hops = opts.forwardedFor
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops[hops.length - 1];
    if (last && last.length <= 64) return last;
  }
  const remote = opts.remoteAddress?.replace(/^::ffff:/, '');
  return remote && remote.length <= 64 ? remote : 'desconhecido';
}
