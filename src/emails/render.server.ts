// Renders the e-mails' HTML parts on the server with react-dom/server's renderToStaticMarkup (no hydration
// markers: nothing runs in an e-mail). Handed to the domains at boot as their render functions
// (`RenderOrderMailHtml` for the order outbox, `RenderPasswordResetHtml` for accounts).
//
// The renderer is imported on the first e-mail, not at start: the server bundle keeps react-dom's streaming
// renderer alone at start-up (scripts/build-server.ts), and this one loads only in a process that sends mail.
import { createElement as h } from 'react';
import type { ReactElement } from 'react';
import type { RenderPasswordResetHtml } from '../domain/accounts/auth.server.ts';
import type { RenderOrderMailHtml } from '../domain/orders/emails.ts';
import { OrderEmail } from './OrderEmail.ts';
import { PasswordResetEmail } from './PasswordResetEmail.ts';

type ReactDomServer = typeof import('react-dom/server');

async function renderPage(element: ReactElement): Promise<string> {
  const loaded = (await import('react-dom/server')) as ReactDomServer & { default?: ReactDomServer };
  // In the server bundle the renderer is a chunk of CommonJS whose only export is `default` (esbuild splits it
  // out so); Node's own loader also gives it as `default`, beside the named exports.
  const { renderToStaticMarkup } = loaded.default ?? loaded;
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

export const renderOrderMailHtml: RenderOrderMailHtml = (mail) => renderPage(h(OrderEmail, { mail }));

export const renderPasswordResetHtml: RenderPasswordResetHtml = (mail) => renderPage(h(PasswordResetEmail, { mail }));
