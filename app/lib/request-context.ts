// Per-request values the Hono server hands to React Router (whether the database is down). The context key
// lives on a global so the bundled app and the unbundled server share one key. There is no CSP nonce: inline
// scripts are allowed by their hashes (server/csp.ts), so a page can be cached and shared.
import { createContext } from 'react';
import { createContext as createRouterContext } from 'react-router';
import type { RouterContext } from 'react-router';

const DOWN_KEY = Symbol.for('olimpo.databaseDownContext');
type DownHolder = { [DOWN_KEY]?: RouterContext<boolean> };

/** Set by the server when the database does not answer: the root route then renders the 503 page. */
export const databaseDownContext: RouterContext<boolean> = ((globalThis as DownHolder)[DOWN_KEY] ??= createRouterContext<boolean>(false));

/**
 * The built stylesheet's text, provided by entry.server so the root layout can inline it in <head>
 * (null in the browser, which keeps what the server sent; see app/root.tsx).
 */
export const InlineCssContext = createContext<string | null>(null);
