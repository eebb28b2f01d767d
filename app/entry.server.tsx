import { Writable } from 'node:stream';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import fs from 'node:fs';
import path from 'node:path';
import appCss from './app.css?url';
import { InlineCssContext } from './lib/request-context.ts';
import { isConnectionError, isStatementTimeout } from '#src/db/client.server.ts';
import { servicesOf } from './lib/context.server.ts';
import type { LoadContext } from './lib/context.server.ts';
import { safeError } from '#src/platform/log-safe.ts';
import { withoutModulePreloads } from './lib/module-preloads.server.ts';

/**
 * The whole stylesheet (about 9 KB compressed) goes inline in every page's <head> in production: the page
 * paints as soon as its HTML arrives, without a render-blocking request behind the JavaScript on a slow
 * mobile link (Lighthouse, bench/REPORT.md). Read once from the client build; the dev server links it.
 */
let inlineCss: string | null = null;
function builtCss(): string | null {
  if (import.meta.env.DEV) return null;
  inlineCss ??= fs.readFileSync(path.resolve(import.meta.dirname, '../client', appCss.replace(/^\//, '')), 'utf8').replaceAll('</', '<\\/');
  return inlineCss;
}

// The server builds each request's load context with the app's own keys (app/lib/context.server.ts).
export { loadContext } from './lib/context.server.ts';

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get every boundary rendered in place; for people React starts writing at the shell. Either
    // way the page leaves the server whole (it is collected below, then hashed and compressed).
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext.Provider value={builtCss()}>
        <ServerRouter context={routerContext} url={request.url} />
      </InlineCssContext.Provider>,
      {
        [readyOption]() {
          shellRendered = true;
          // The page is collected whole: it is hashed (server/pages.ts) and compressed (server/compression.ts) whole next.
          const chunks: Buffer[] = [];
          const collect = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              const page = withoutModulePreloads(Buffer.concat(chunks));
              resolve(new Response(new Uint8Array(page.buffer, page.byteOffset, page.byteLength) as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          collect.on('error', reject);
          pipe(collect);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(JSON.stringify({ level: 50, msg: 'erro ao renderizar', err: safeError(error) }));
        },
      },
    );
  });
}

/**
 * A loader or action failed: one line saying what failed, never with what (a failed query's parameters are
 * personal data) nor the query string. Aborted requests (the shopper left) are not errors.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: LoadContext }) {
  if (request.signal.aborted) return;
  // The server answers the maintenance page (503) when a connection died during the request.
  if (isConnectionError(error)) {
    if (context) servicesOf(context).database.noteConnectionLoss?.();
    return;
  }
  // A statement that ran out of time: the server answers (and logs) a 503 of its own (server/middleware/database-scope.ts).
  if (isStatementTimeout(error)) return;
  console.error(JSON.stringify({ level: 50, msg: 'erro numa página', path: new URL(request.url).pathname, err: safeError(error) }));
}
