// Page actions read HTML forms only: another content type, a multipart body that cannot be read, or a field
// with control characters is answered here in pt-BR (415/400) instead of failing inside an action's
// `request.formData()` as a 500. Multipart bodies are read as a stream (busboy): each text field is checked
// as it passes and file contents are skipped, so a file upload is not held in memory a second time.
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { MiddlewareHandler } from 'hono';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '#src/platform/control-chars.ts';
import { isApiPath, refuseBody, SAFE_METHODS, simplePage } from './http-basics.ts';

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
// Forms hold text areas: tab and line breaks pass, NUL and the other controls do not.
const controlled = (text: string) => hasControlChars(text, { multiline: true });

type Verdict = 'ok' | 'unreadable' | 'control-chars';

/** Reads a multipart body to its end, checking field names and values; file contents are dropped unread. */
function checkMultipart(body: ReadableStream<Uint8Array> | null, contentType: string): Promise<Verdict> {
  if (!body) return Promise.resolve('unreadable');
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: Infinity, fieldNameSize: Infinity } });
    } catch {
      void body.cancel().catch(() => {});
      resolve('unreadable'); // no boundary, or not multipart/form-data after all
      return;
    }
    let verdict: Verdict = 'ok';
    const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
    parser.on('field', (name, value) => {
      if (controlled(name) || controlled(value)) verdict = 'control-chars';
    });
    parser.on('file', (name, file) => {
      if (controlled(name)) verdict = 'control-chars';
      file.resume();
    });
    parser.on('error', () => {
      source.destroy();
      resolve('unreadable');
    });
    parser.on('close', () => resolve(verdict));
    // The body itself failed (a body limit reached, the client gone): that error is the answer.
    source.on('error', (err) => {
      parser.destroy();
      reject(err);
    });
    source.pipe(parser);
  });
}

export function pageForms(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isApiPath(c.req.path)) return next();
    const type = c.req.header('content-type') ?? '';
    if (!FORM_TYPES.test(type)) return refuseBody((c) => c.html(simplePage('Formulário inválido', 'Envie os dados pelo formulário da página.'), 415))(c);
    let verdict: Verdict = 'ok';
    if (/^multipart\//i.test(type)) verdict = await checkMultipart(c.req.raw.clone().body, type);
    else {
      for (const [name, value] of new URLSearchParams(await c.req.raw.clone().text())) {
        if (controlled(name) || controlled(value)) verdict = 'control-chars';
      }
    }
    if (verdict === 'unreadable') return refuseBody((c) => c.html(simplePage('Formulário inválido', 'Não foi possível ler o formulário enviado. Tente novamente.'), 400))(c);
    if (verdict === 'control-chars') return c.html(simplePage('Formulário inválido', CONTROL_CHARS_MESSAGE), 400);
    return next();
  };
}
