// The client's IP, decided once per request (rate limits and lockouts read it).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { CLIENT_IP_HEADER, resolveClientIp } from '#src/platform/client-ip.ts';

/** Decides the client IP once and hands it on in a header nobody outside can set (src/platform/client-ip.ts). */
export function clientIp(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    let remoteAddress: string | undefined;
    try {
      remoteAddress = getConnInfo(c).remote.address;
    } catch {
      remoteAddress = undefined; // app.fetch in tests: no socket
    }
    c.req.raw.headers.set(CLIENT_IP_HEADER, resolveClientIp({ forwardedFor: c.req.header('x-forwarded-for'), remoteAddress, trustProxy }));
    await next();
  };
}
