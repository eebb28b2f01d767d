// A rendered page travels from React to the socket as one Buffer. Every HTML answer is read whole anyway
// (its inline scripts are hashed into the CSP, server/pages.ts; then it is compressed, server/compression.ts),
// so entry.server collects React's output into one Buffer and the Response carries it along: the later steps
// take that Buffer instead of reading the Response's stream into a new copy each. Piping React through two
// Node streams and a web stream, then reading the body whole twice, was about 5 % of an uncached page's CPU
// in a --cpu-prof profile; measured side by side (old and new servers under the same load at once), pages
// cost 0–6 % less CPU with the Buffer carried along (issue 16's bench runs, in git history).
//
// The key is a global symbol because under `npm run dev` Vite loads the app's own copy of this module beside
// the server's: both copies must find the same property. (The production bundle holds one copy.)
import type { Context } from 'hono';

const BODY = Symbol.for('olimpo.responseBody');
type Holder = { [BODY]?: Buffer };

/**
 * A Response for bytes already in memory, which `readBody` later takes without copying. It answers
 * `statusText` and `body` itself: React Router checks every answer with `isResponse` (status, statusText,
 * headers and body present), and under the Node adapter reading those two built the runtime's full Response
 * (a copy of the page inside a web stream; below). Its `body` is a stream of the held bytes, made when asked.
 */
export function bufferedResponse(body: Buffer, init: ResponseInit): Response {
  const bytes = () => new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>;
  const res = new Response(bytes(), init);
  (res as Holder)[BODY] = body;
  let stream: ReadableStream<Uint8Array> | undefined;
  Object.defineProperties(res, {
    statusText: { value: init.statusText ?? '' },
    body: {
      get: () =>
        (stream ??= new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes());
            controller.close();
          },
        })),
    },
  });
  return res;
}

/**
 * The whole body: the Buffer the Response was made from, or its stream read to the end. The server's steps
 * read a held body only through here, never through its stream: the held Buffer is the body. Asking the
 * Response whether its stream was used would build the runtime's full Response (below).
 */
export async function readBody(res: Response): Promise<Buffer> {
  return (res as Holder)[BODY] ?? Buffer.from(await res.arrayBuffer());
}

// Under @hono/node-server, `Response` is a lightweight class: status and headers are plain fields, and a
// Response whose body is bytes or a string is written to the socket as is. Reading its `body`, `bodyUsed` or
// `statusText` builds the runtime's full Response instead (undici copies the bytes and wraps them in a web
// stream), and the answer then leaves through that stream. An uncached page built four (React Router's own
// isResponse check, now answered by bufferedResponse; compression asking for the body; two when Hono rebuilt
// the compressed answer on replacing the old one), every catalog API answer one. The steps below avoid them.

/** Whether a Response has a body; a held one is known to, without asking the Response. */
export function hasBody(res: Response): boolean {
  return (res as Holder)[BODY] !== undefined || res.body !== null;
}

/**
 * Puts `res` in the context as it is. Assigning over an existing answer makes Hono rebuild the new one
 * around the old's headers and the new one's `body` stream; `res` here already carries those headers.
 */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
