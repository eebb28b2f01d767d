// Melhor Envio's signed tracking webhook: POST /api/shipping/melhorenvio/webhook with the body signed by the
// application's secret (HMAC-SHA256, base64 in X-ME-Signature). A valid shipment event is written into the
// order's timeline as the tracking job would (each event once; delivered sets "Entregue"). Answers 404 when
// no secret is configured, 401 for a bad signature, 200 otherwise (an unknown shipment is acknowledged, so
// Melhor Envio does not retry it forever).
import { Hono } from 'hono';
import type { Db } from '#src/db/client.server.ts';
import { shippingOf } from '#src/domain/checkout/services.server.ts';
import { applyShipmentStatusById } from '#src/domain/orders/shipment-tracking.server.ts';
import { readMelhorEnvioWebhook } from '#src/domain/shipping/melhorenvio-labels.server.ts';
import type { AppEnv } from '../app-env.ts';
import { apiError } from '../http.ts';
import type { Logger } from '../logger.ts';

export function shippingApi(db: () => Db, logger: Logger) {
  const api = new Hono<AppEnv>();
  api.post('/api/shipping/melhorenvio/webhook', async (c) => {
    const service = shippingOf(c.var.services.checkout);
    const secret = service.webhookSecret;
    if (service.provider.name !== 'melhorenvio' || !secret) return apiError(c, 404, 'Rota da API não encontrada.');
    const read = readMelhorEnvioWebhook(secret, await c.req.text(), c.req.header('x-me-signature'));
    if (read === 'unsigned') {
      logger.warn('webhook do Melhor Envio com assinatura inválida');
      return apiError(c, 401, 'Assinatura inválida.');
    }
    if (read === 'ignored') return c.json({ ok: true, ignorado: true });
    const known = await applyShipmentStatusById(db(), 'melhorenvio', read.shipmentId, read.status, c.var.services.jobs);
    return c.json({ ok: true, ...(known ? {} : { ignorado: true }) });
  });
  return api;
}
