// The headers every answer carries: nosniff, frame, referrer, permissions and opener policies, HSTS over
// HTTPS, and a strict Content-Security-Policy where a page did not bring its own.
import type { Context } from 'hono';
import { contentSecurityPolicy } from '../csp.ts';
import type { CspOrigins } from '../csp.ts';

export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

/** Sets the answer's headers; says whether it was a built script or stylesheet (which keeps only nosniff and HSTS). */
export function securityHeadersSetter(https: boolean, csp: () => CspOrigins): (c: Context) => 'asset' | 'document' {
  const staticHeaders = Object.entries(securityHeaders(https));
  return (c) => {
    // A built script or stylesheet (hashed, immutable) is never a document: the document-only headers
    // (CSP, frame, referrer, permissions, opener policies) do nothing on it and cost ~420 bytes per file,
    // several files per first load on a mobile link (issue 16's JavaScript budget counts them). It keeps
    // nosniff (and HSTS). Everything else, SVG images included (an SVG can carry script), gets them all.
    if (c.res.status === 200 && c.req.path.startsWith('/assets/') && /^(text\/(javascript|css)|application\/javascript)\b/.test(c.res.headers.get('Content-Type') ?? '')) {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
      if (https) c.res.headers.set('Strict-Transport-Security', securityHeaders(true)['Strict-Transport-Security']!);
      return 'asset';
    }
    for (const [k, v] of staticHeaders) c.res.headers.set(k, v);
    // Pages carry their own policy, with the hashes of their inline scripts (server/pages.ts); every other
    // answer has no inline script to allow.
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', contentSecurityPolicy([], csp()));
    return 'document';
  };
}
