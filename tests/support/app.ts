// Builds the real Hono app around a test database, with the checkout services pointed at test doubles
// that run here (a local fake ViaCEP server is started by the tests that need one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import type { PaymentProvider } from '#src/domain/payments/provider.ts';
import { createViaCepClient } from '#src/domain/shipping/viacep.server.ts';
import type { ShippingService } from '#src/domain/shipping/service.ts';
import { createMailer } from '#src/platform/mailer.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { TEST_WEBHOOK_SECRET, testCheckout, testServices } from './services.ts';

export { TEST_WEBHOOK_SECRET };

export function createTestApp(database: Database, opts: { viaCepUrl?: string; provider?: PaymentProvider; mercadoPagoWebhookSecret?: string; shipping?: ShippingService } = {}) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-mail-'));
  const mailer = createMailer({ from: 'Olimpo Peças <loja@example.com>', mailDir });
  const checkout = testCheckout({
    ...(opts.provider ? { provider: opts.provider } : {}),
    cep: createViaCepClient({ baseUrl: opts.viaCepUrl ?? 'http://127.0.0.1:9', timeoutMs: 1000 }),
    shipping: opts.shipping,
    mercadoPagoWebhookSecret: opts.mercadoPagoWebhookSecret,
  });
  const services = testServices(database, { mailer, checkout });
  const app = createApp({ build: () => Promise.reject(new Error('no pages in API tests')), services, logger: createLogger('silent'), publicUrl: 'http://loja.test' });
  const request = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.fetch(
      new Request(`http://loja.test${url}`, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  return { app, request, mailDir, services };
}
