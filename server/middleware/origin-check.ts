// CSRF: a write (form post or API call) must come from an origin the shop trusts.
import type { MiddlewareHandler } from 'hono';
import { MSG } from '#src/domain/accounts/messages.ts';
import { isTrustedWrite, trustedOriginsFor } from '#src/platform/origins.ts';
import type { OriginPolicy } from '#src/platform/origins.ts';
import { apiError } from '../http.ts';
import { isApiPath, SAFE_METHODS, simplePage } from './http-basics.ts';

// Cross-site by design: the payment gateways' signed webhooks and OAuth providers posting back (form_post).
const CROSS_SITE_ALLOWED = [
  /^\/api\/payments\/webhook\/?$/,
  /^\/api\/shipping\/melhorenvio\/webhook\/?$/,
  /^\/api\/payments\/mercadopago\/webhook\/?$/,
  /^\/api\/auth\/callback\/[\w-]+\/?$/,
  /^\/api\/auth\/oauth2\/callback\/[\w-]+\/?$/,
];

/**
 * Refuses cross-site form posts and API writes (CSRF). Trusted: the origin the request was sent to (the shop
 * at localhost, 127.0.0.1 or a LAN address), PUBLIC_URL and, for the API, CORS_ORIGINS (src/platform/origins.ts).
 */
export function originCheck(policy: OriginPolicy): MiddlewareHandler {
  const pagePolicy = { ...policy, corsOrigins: [] };
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || CROSS_SITE_ALLOWED.some((re) => re.test(c.req.path))) return next();
    const api = isApiPath(c.req.path);
    if (isTrustedWrite(c.req.raw.headers, trustedOriginsFor(api ? policy : pagePolicy, c.req.url, c.req.raw.headers))) return next();
    if (api) return apiError(c, 403, MSG.forbiddenOrigin);
    return c.html(simplePage('Envio recusado', MSG.forbiddenOrigin), 403);
  };
}
