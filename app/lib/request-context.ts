// React context for the server render (what the server hands to loaders is in ./context.server.ts). There is
// no CSP nonce: inline scripts are allowed by their hashes (server/csp.ts), so a page can be cached and shared.
import { createContext } from 'react';

/**
 * The built stylesheet's text, provided by entry.server so the root layout can inline it in <head>
 * (null in the browser, which keeps what the server sent; see app/root.tsx).
 */
export const InlineCssContext = createContext<string | null>(null);
