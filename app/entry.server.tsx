import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import fs from 'node:fs';
import path from 'node:path';
import appCss from './app.css?url';
import { InlineCssContext } from './lib/request-context.ts';
import { isConnectionError, noteConnectionLoss } from '../src/db/client.server.ts';
import { safeError } from '../src/platform/log-safe.ts';

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

export const streamTimeout = 5_000;

/**
 * The hydration scripts are preloaded with fetchpriority="low": on a slow mobile link the browser then
 * gives the document and the first image the bandwidth, paints, and only then downloads the JavaScript the
 * page does not need to be seen (all of it: every page works without it). Only the <head> is rewritten;
 * React ignores the extra attribute when it hydrates the hoisted links.
 */
function lowPriorityModulePreloads(): Transform {
  // Bytes, not a string: the head carries the 48 KB inline stylesheet, and decoding, scanning and re-encoding
  // it on every uncached page showed in --cpu-prof (~2 %). Only the span from the first modulepreload link to
  // </head> is decoded and rewritten.
  let pending: Buffer | null = null;
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const all: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
      const end = all.indexOf('</head>');
      if (end === -1) {
        pending = all;
        return callback();
      }
      done = true;
      pending = null;
      const first = all.indexOf('<link rel="modulepreload"');
      if (first === -1 || first > end) return callback(null, all);
      const links = all.toString('utf8', first, end).replace(/<link rel="modulepreload"[^>]*>/g, '');
      callback(null, Buffer.concat([all.subarray(0, first), Buffer.from(links, 'utf8'), all.subarray(end)]));
    },
    flush(callback) {
      callback(null, pending ?? undefined);
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext.Provider value={builtCss()}>
        <ServerRouter context={routerContext} url={request.url} />
      </InlineCssContext.Provider>,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const head = lowPriorityModulePreloads();
          head.pipe(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(head);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The server answers the maintenance page (503) when a connection died during the request.
  if (isConnectionError(error)) {
    noteConnectionLoss();
    return;
  }
  console.error(JSON.stringify({ level: 50, msg: 'erro numa página', path: new URL(request.url).pathname, err: safeError(error) }));
}
