// OlimpIA's API: POST /api/chat (answer plus suggested products; `?stream=1` streams NDJSON) and the
// spec's POST /chat ({ resposta }). Rate-limited per visitor.
import type { AppEnv } from '../app-env.ts';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { answer } from '#src/domain/assistant/engine.server.ts';
import { chatRequestSchema } from '#src/domain/assistant/chat-input.ts';
import { llmAnswer } from '#src/domain/assistant/llm.server.ts';
import type { LlmConfig } from '#src/domain/assistant/llm.server.ts';
import type { Db } from '#src/db/client.server.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { rateLimit } from '#src/platform/rate-limit.server.ts';
import { safeError } from '#src/platform/log-safe.ts';
import type { Logger } from '../logger.ts';
import { apiError, readJson, validate } from '../http.ts';
import { getViewer } from '../viewer.server.ts';
import { loadGarage } from '#src/domain/fitment/garage.server.ts';
import { shippingOf } from '#src/domain/checkout/services.server.ts';

export interface ChatApiOptions {
  llm: LlmConfig | null;
  /** Messages per visitor (client IP) per minute, counted in the database so it holds across instances. */
  perMinute?: number;
}

export function chatApi(getDb: () => Db, logger: Logger, opts: ChatApiOptions) {
  const api = new Hono<AppEnv>();
  const limiter = rateLimit({ name: 'chat', limit: opts.perMinute ?? 20, windowMs: 60_000 });
  const overLimit = async (c: Context): Promise<number | null> => {
    const verdict = await limiter.hit(getDb(), `ip:${clientIpFrom(c.req.raw.headers)}`);
    return verdict.limited ? verdict.retryAfterSeconds : null;
  };

  const handle = async (c: Context<AppEnv>, shape: 'full' | 'legacy') => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const parsed = validate(chatRequestSchema, body.value, 'Mensagem inválida.');
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const retryAfter = await overLimit(c);
    if (retryAfter !== null) {
      c.header('Retry-After', String(retryAfter));
      return apiError(c, 429, 'Muitas mensagens em pouco tempo. Aguarde um instante e tente de novo.');
    }
    const db = getDb();
    // The shopper's active garage vehicle (cookie or account): product answers list what fits it.
    const ctx = {
      db,
      viewer: { userId: (await getViewer(c.req.raw, c.var.services.auth)).userId },
      garage: (await loadGarage(db, c.req.raw, c.var.services)).active,
      pageProductId: parsed.data.contexto?.productId ?? null,
      shipping: shippingOf(c.var.services.checkout),
      pixExpiryMinutes: c.var.services.checkout.pixExpiryMinutes,
    };
    const messages = parsed.data.mensagens;

    if (shape === 'full' && c.req.query('stream') === '1') {
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (o: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(o)}\n`));
          try {
            if (opts.llm) {
              for await (const event of llmAnswer(ctx, messages, opts.llm)) send(event);
            } else {
              const r = await answer(ctx, messages);
              send({ type: 'delta', text: r.resposta });
              send({ type: 'done', produtos: r.produtos, source: 'embedded' });
            }
          } catch (err) {
            logger.error({ err: safeError(err) }, 'falha no chat');
            send({ type: 'error', message: 'Erro ao processar sua pergunta.' });
          }
          controller.close();
        },
      });
      return new Response(stream, { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' } });
    }

    let resposta = '';
    let produtos: unknown[] = [];
    if (opts.llm) {
      for await (const event of llmAnswer(ctx, messages, opts.llm)) {
        if (event.type === 'delta') resposta += event.text;
        else produtos = event.produtos;
      }
    } else {
      const r = await answer(ctx, messages);
      resposta = r.resposta;
      produtos = r.produtos;
    }
    return c.json(shape === 'legacy' ? { resposta } : { resposta, produtos });
  };

  api.post('/api/chat', (c) => handle(c, 'full'));
  api.post('/chat', (c) => handle(c, 'legacy'));
  return api;
}
