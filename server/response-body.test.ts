import { describe, expect, it } from 'vitest';
import { bufferedResponse, hasBody, readBody } from './response-body.ts';

describe('bufferedResponse / readBody', () => {
  it('hands the Buffer a Response was made from to the next step without a copy', async () => {
    const bytes = Buffer.from('<p>Peças em promoção</p>', 'utf8');
    const res = bufferedResponse(bytes, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    expect(await readBody(res)).toBe(bytes);
    // The Response still works as any other for whoever reads its stream.
    expect(await res.text()).toBe('<p>Peças em promoção</p>');
  });

  it('reads any other Response whole', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<p>Pe'));
        controller.enqueue(new TextEncoder().encode('ças</p>'));
        controller.close();
      },
    });
    expect((await readBody(new Response(stream))).toString('utf8')).toBe('<p>Peças</p>');
  });

  it('knows a held Response has a body without asking it; asks any other', () => {
    expect(hasBody(bufferedResponse(Buffer.from('x'), { status: 200 }))).toBe(true);
    expect(hasBody(new Response('<p>Peças</p>'))).toBe(true);
    expect(hasBody(new Response(null, { status: 200 }))).toBe(false);
  });
});
