// Per-request values the Hono server hands to React Router (the CSP nonce). The context key lives on a
// global so the bundled app and the unbundled server share one key.
import { createContext } from 'react';
import { createContext as createRouterContext } from 'react-router';
import type { RouterContext } from 'react-router';

const KEY = Symbol.for('olimpo.nonceContext');
type Holder = { [KEY]?: RouterContext<string> };

export const nonceContext: RouterContext<string> = ((globalThis as Holder)[KEY] ??= createRouterContext<string>(''));

/** The nonce for inline scripts, provided around the app by entry.server (empty in the browser). */
export const NonceContext = createContext('');
