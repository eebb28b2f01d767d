// The services a test hands to the app (server/app.ts) or to a loader's context: built here around the
// test's own database, the way server/boot.ts builds them from configuration.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '#src/db/client.server.ts';
import type { Services } from '#src/platform/services.ts';
import { createAuthentication } from '#src/domain/accounts/auth.server.ts';
import type { AuthSettings } from '#src/domain/accounts/auth.server.ts';
import { createCatalogChanges, createCatalogSearchCache } from '#src/domain/catalog/changes.server.ts';
import { createRemoteFetch } from '#src/platform/remote-image.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import { createMailer } from '#src/platform/mailer.server.ts';
import { createSandboxInvoiceProvider } from '#src/domain/invoicing/sandbox.server.ts';
import { fiscalSettings } from '#src/domain/invoicing/settings.ts';
import { issueReturnInvoice } from '#src/domain/invoicing/events.server.ts';
import type { CheckoutServices } from '#src/domain/checkout/services.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { createViaCepClient } from '#src/domain/shipping/viacep.server.ts';
import { renderOrderMailHtml, renderPasswordResetHtml } from '#src/emails/render.server.ts';

export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/** Checkout services on the embedded sandbox and table, with a CEP client that answers nothing unless pointed at a fake. */
export function testCheckout(overrides: Partial<CheckoutServices> = {}): CheckoutServices {
  return {
    provider: createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } }),
    cep: createViaCepClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }),
    publicUrl: 'http://loja.test',
    storeName: 'Olimpo Peças',
    orderEmailHtml: renderOrderMailHtml,
    webhookSecret: TEST_WEBHOOK_SECRET,
    ...overrides,
  };
}

/** Sign-in settings of a test app (a test secret, mail in a temporary folder, Better Auth's log silenced). */
export function testAuthSettings(database: Database, overrides: Partial<AuthSettings> = {}): AuthSettings {
  return {
    mailer: createMailer({ from: 'Olimpo Peças <loja@example.com>', mailDir: path.join(os.tmpdir(), `olimpo-mail-${process.pid}`) }),
    onConnectionLoss: database.noteConnectionLoss,
    publicUrl: 'http://loja.test',
    secret: 'segredo-de-teste-com-mais-de-32-caracteres!',
    log: () => {},
    resetEmailHtml: renderPasswordResetHtml,
    ...overrides,
  };
}

export function testServices(database: Database, overrides: Partial<Services> = {}): Services {
  // One app in the test's process: nobody else to tell (the reliability suite's servers boot as in production).
  const catalogChanges = overrides.catalogChanges ?? createCatalogChanges();
  const searchCache = createCatalogSearchCache(10, catalogChanges);
  const invoicing = overrides.invoicing ?? { provider: createSandboxInvoiceProvider(), settings: fiscalSettings() };
  return {
    database,
    checkout: testCheckout(),
    emailRelay: null,
    jobs: null,
    cookieSecret: crypto.randomBytes(32).toString('hex'),
    auth: overrides.auth ?? createAuthentication(database.db, testAuthSettings(database)),
    catalogChanges,
    searchCache,
    remoteFetch: createRemoteFetch(),
    uploads: createUploadStore(path.join(os.tmpdir(), `olimpo-uploads-${process.pid}`)),
    mailer: createMailer({ from: 'Olimpo Peças <loja@example.com>', mailDir: path.join(os.tmpdir(), `olimpo-mail-${process.pid}`) }),
    invoicing,
    returnInvoice: (db, input) => issueReturnInvoice(db, input, invoicing),
    ...overrides,
  };
}
