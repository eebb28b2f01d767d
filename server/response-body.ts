// A rendered page travels from React to the socket as one Buffer. Every HTML answer is read whole anyway
// (its inline scripts are hashed into the CSP, server/pages.ts; then it is compressed, server/compression.ts),
// so entry.server collects React's output into one Buffer and the Response carries it along: the later steps
// take that Buffer instead of reading the Response's stream into a new copy each. Piping React through two
// Node streams and a web stream, then reading the body whole twice, was about 5 % of an uncached page's CPU
// in a --cpu-prof profile; measured side by side (old and new servers under the same load at once), pages
// cost 0–6 % less CPU with the Buffer carried along (README, issue 16).
//
// The key is a global symbol because the app is bundled by Vite and the server is not: both copies of this
// module must find the same property.
const BODY = Symbol.for('olimpo.responseBody');
type Holder = { [BODY]?: Buffer };

/** A Response for bytes already in memory, which `readBody` later takes without copying. */
export function bufferedResponse(body: Buffer, init: ResponseInit): Response {
  const res = new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, init);
  (res as Holder)[BODY] = body;
  return res;
}

/** The whole body: the Buffer the Response was made from, or its stream read to the end. */
export async function readBody(res: Response): Promise<Buffer> {
  const held = (res as Holder)[BODY];
  if (held && !res.bodyUsed) return held;
  return Buffer.from(await res.arrayBuffer());
}
