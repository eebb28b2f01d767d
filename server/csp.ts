// The Content-Security-Policy. Scripts run only from our origin or when their exact text was in the page the
// server sent: each page's inline scripts (React Router's hydration data and bootstrap, the scroll
// restoration, the cart's reveal snippet) are hashed once the page is rendered, and their SHA-256 hashes
// are listed in script-src. Nothing per request or per shopper goes into the policy, so a page cached and
// served to many shoppers keeps a valid policy, and a script injected into the markup never matches a hash.
import crypto from 'node:crypto';
import type { PaymentProvider } from '#src/domain/payments/provider.ts';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types a browser does not execute: no hash needed (JSON-LD, React Router's JSON). */
const DATA_TYPE = /\btype\s*=\s*["']?(application\/(ld\+)?json|text\/plain)/i;

/**
 * The `'sha256-…'` sources of every inline script of an HTML page, in order, without repeats. The page is
 * read as bytes: a latin1 view maps each byte to one character, so the tags are found without decoding UTF-8,
 * and each script's characters written back as latin1 are its exact UTF-8 bytes, which is what browsers hash.
 * (Decoding a 120 KB pt-BR list page into a two-byte string took 0.9–1.3 ms on a slow machine; the latin1 view
 * and the hashes take 51–74 µs.)
 */
export function inlineScriptHashes(page: Buffer): string[] {
  const out = new Set<string>();
  for (const m of page.toString('latin1').matchAll(SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || DATA_TYPE.test(attrs)) continue;
    // Browsers hash the script text as the parser sees it: line breaks normalised to \n.
    const text = (m[2] ?? '').replace(/\r\n?/g, '\n');
    out.add(`'sha256-${crypto.createHash('sha256').update(text, 'latin1').digest('base64')}'`);
  }
  return [...out];
}

/** The policy: `scriptHashes` for an HTML page, nothing for any other answer (no inline script at all). */
export interface CspOrigins {
  /** Where sign-in forms may send the browser: the configured social providers' authorization pages. */
  form: readonly string[];
  /** What the browser may call: a payment gateway's API when cards are tokenized there. */
  connect: readonly string[];
}

export function contentSecurityPolicy(scriptHashes: readonly string[], origins: CspOrigins): string {
  // Sign-in forms post to our own action, which redirects to Google's or Facebook's authorization page:
  // browsers check form-action on that redirect too, so the configured providers are listed.
  const formAction = ["'self'", ...new Set(origins.form)].join(' ');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    // A payment gateway's API, when the browser tokenizes cards there (Mercado Pago's /v1/card_tokens).
    `connect-src ${["'self'", ...new Set(origins.connect)].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "object-src 'none'",
  ].join('; ');
}

/** The payment provider's API origin when the browser tokenizes cards there (Mercado Pago's /v1/card_tokens). */
export function paymentBrowserOrigins(provider: PaymentProvider): string[] {
  const apiUrl = provider.browser?.apiUrl;
  return apiUrl ? [new URL(apiUrl).origin] : [];
}
