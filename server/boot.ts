// Start-up shared by the production server, the dev server and the CLI scripts: open the database,
// apply migrations, seed the demo catalog when the database is empty.
import { isNewEmbeddedFolder, openDatabase } from '#src/db/client.server.ts';
import type { Database } from '#src/db/client.server.ts';
import type { Env } from '#src/config/env.ts';
import { sandboxRoutesEnabled } from '#src/config/env.ts';
import { seedDemoData } from '#src/db/seed.server.ts';
import { prepareEmbeddedInChild } from '#src/db/prepare-embedded.server.ts';
import path from 'node:path';
import { createAuthentication } from '#src/domain/accounts/auth.server.ts';
import type { AuthSettings } from '#src/domain/accounts/auth.server.ts';
import { ensureSearchPostings } from '#src/domain/catalog/search/postings.server.ts';
import { createMailer } from '#src/platform/mailer.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import { store } from '#src/config/store.ts';
import type { CheckoutServices } from '#src/domain/checkout/services.ts';
import { orderLogFields } from '#src/domain/checkout/submit-order.server.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import type { PaymentProvider } from '#src/domain/payments/provider.ts';
import { createMercadoPagoProvider } from '#src/domain/payments/mercadopago.server.ts';
import { createViaCepClient } from '#src/domain/shipping/viacep.server.ts';
import { createMelhorEnvioProvider } from '#src/domain/shipping/melhorenvio.server.ts';
import { createShippingService } from '#src/domain/shipping/service.ts';
import type { ShippingService } from '#src/domain/shipping/service.ts';
import { createTableProvider } from '#src/domain/shipping/table.ts';
import { cookieSecret, localSecret } from './cookie-secret.ts';
import type { Logger } from './logger.ts';
import type { Services } from '#src/platform/services.ts';
import { createRemoteFetch } from '#src/platform/remote-image.server.ts';
import { startJobRunner } from '#src/platform/job-runner.server.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import type { EmailRelay } from '#src/domain/orders/outbox.server.ts';
import { jobsFor, withOrderEmailRelay } from '#src/domain/jobs/registry.server.ts';
import { CATALOG_CHANNEL, createCatalogChanges, createCatalogSearchCache } from '#src/domain/catalog/changes.server.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';
import { safeError } from '#src/platform/log-safe.ts';
import { createFocusNfeProvider } from '#src/domain/invoicing/focusnfe.server.ts';
import { issueReturnInvoice } from '#src/domain/invoicing/events.server.ts';
import type { InvoicingDeps } from '#src/domain/invoicing/provider.ts';
import { createSandboxInvoiceProvider } from '#src/domain/invoicing/sandbox.server.ts';
import { fiscalSettings } from '#src/domain/invoicing/settings.ts';
import { renderOrderMailHtml, renderPasswordResetHtml } from '#src/emails/render.server.ts';

/** The checkout services (Services.checkout): payments, CEP lookup, shipping, order limits, the order e-mails' settings. */
export function checkoutServicesFromEnv(env: Env, logger?: Logger): CheckoutServices {
  return {
    provider: paymentProviderFromEnv(env),
    cep: createViaCepClient({ baseUrl: env.VIACEP_URL }),
    shipping: shippingServiceFromEnv(env, logger),
    publicUrl: env.PUBLIC_URL,
    storeName: store.name,
    orderEmailHtml: renderOrderMailHtml,
    webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    mercadoPagoWebhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
    mercadoPagoWebhookToleranceSeconds: env.MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS,
    onOrderPlaced: (order) => logger?.info(orderLogFields(order), 'pedido criado'),
    onChargeError: (err, order) => logger?.error({ err: safeError(err), order }, 'falha no provedor de pagamento: pedido cancelado e estoque devolvido'),
    sandboxRoutes: sandboxRoutesEnabled(env),
    pixExpiryMinutes: env.PIX_EXPIRY_MINUTES,
    maxUnitsPerProduct: env.ORDER_MAX_UNITS_PER_PRODUCT,
    orderLimits: { perIp: env.ORDER_LIMIT_PER_IP, perEmail: env.ORDER_LIMIT_PER_EMAIL, windowMinutes: env.ORDER_LIMIT_WINDOW_MINUTES },
  };
}

/** The services handed to the app (server/app.ts) once the database is open. */
export function createServices(env: Env, database: Database, logger?: Logger): Services {
  // On PostgreSQL the other instances hear this one's changes (listenForCatalogChanges: this one hears theirs).
  const catalogChanges = createCatalogChanges(database.listen ? database.db : undefined);
  const searchCache = createCatalogSearchCache(env.CATALOG_CACHE_SECONDS, catalogChanges);
  const mailer = mailerFromEnv(env);
  const invoicing = invoicingFromEnv(env);
  const checkout = checkoutServicesFromEnv(env, logger);
  return {
    database,
    checkout,
    // This process's relay and job runner, once the runner starts (bootJobRunner).
    emailRelay: null,
    jobs: null,
    cookieSecret: cookieSecret(env, logger),
    // Sign-in sends its reset e-mails through the same mailer; a connection it lost counts as the database's.
    auth: createAuthentication(database.db, { ...authSettingsFromEnv(env, mailer, logger), onConnectionLoss: database.noteConnectionLoss }),
    catalogChanges,
    searchCache,
    mailer,
    remoteFetch: createRemoteFetch(),
    uploads: createUploadStore(path.resolve(env.DATA_DIR, 'uploads')),
    invoicing,
    // A return's items received: the return nota against the sale's (src/domain/invoicing/events.server.ts).
    returnInvoice: (db, input) => issueReturnInvoice(db, input, invoicing),
  };
}

/** INVOICE_PROVIDER: the embedded sandbox (default, homologação) or Focus NFe; the NFE_* fiscal settings (docs/invoicing.md). */
export function invoicingFromEnv(env: Env): InvoicingDeps {
  const focus = env.INVOICE_PROVIDER === 'focusnfe';
  const settings = fiscalSettings({
    cnpj: env.NFE_CNPJ,
    inscricaoEstadual: env.NFE_INSCRICAO_ESTADUAL,
    regime: env.NFE_REGIME,
    cfopInState: env.NFE_CFOP_DENTRO_ESTADO,
    cfopOutOfState: env.NFE_CFOP_FORA_ESTADO,
    series: env.NFE_SERIE,
    // Focus NFe's homologação host issues notas without fiscal value too.
    environment: focus && !/homologacao/.test(env.FOCUSNFE_API_URL) ? 'producao' : 'homologacao',
  });
  return { provider: focus ? createFocusNfeProvider({ baseUrl: env.FOCUSNFE_API_URL, token: env.FOCUSNFE_TOKEN! }) : createSandboxInvoiceProvider(), settings };
}

/** PAYMENT_PROVIDER: the embedded sandbox (default) or Mercado Pago (its credentials are checked in env.ts). */
/** The shipping provider named by SHIPPING_PROVIDER, with the store's shipping settings (docs/shipping.md). */
export function shippingServiceFromEnv(env: Env, logger?: Logger): ShippingService {
  const settings = { originCep: env.SHIPPING_ORIGIN_CEP, handlingDays: env.SHIPPING_HANDLING_DAYS, pickup: env.SHIPPING_PICKUP, freeShippingMinCents: env.FREE_SHIPPING_MIN_CENTS ?? null };
  const provider =
    env.SHIPPING_PROVIDER === 'melhorenvio'
      ? createMelhorEnvioProvider({ baseUrl: env.MELHORENVIO_API_URL, token: env.MELHORENVIO_TOKEN!, userAgent: env.MELHORENVIO_USER_AGENT })
      : createTableProvider();
  const service = createShippingService(provider, settings, { timeoutMs: env.SHIPPING_QUOTE_TIMEOUT_MS, cacheSeconds: env.SHIPPING_QUOTE_CACHE_SECONDS });
  service.webhookSecret = env.SHIPPING_PROVIDER === 'melhorenvio' ? env.MELHORENVIO_WEBHOOK_SECRET : undefined;
  service.onProviderError = (err) => logger?.warn({ err: safeError(err), provider: provider.name }, 'cotação de frete indisponível: opções da tabela no lugar');
  return service;
}

export function paymentProviderFromEnv(env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'mercadopago') {
    return createMercadoPagoProvider({ accessToken: env.MERCADOPAGO_ACCESS_TOKEN!, publicKey: env.MERCADOPAGO_PUBLIC_KEY!, apiUrl: env.MERCADOPAGO_API_URL, pixExpiryMinutes: env.PIX_EXPIRY_MINUTES });
  }
  return createSandboxProvider({ pix: { key: env.PIX_KEY, merchantName: env.PIX_MERCHANT_NAME, merchantCity: env.PIX_MERCHANT_CITY } });
}

/** SMTP_URL, or .eml files in DATA_DIR/mail. */
export function mailerFromEnv(env: Env): Mailer {
  return createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailDir: path.resolve(env.DATA_DIR, 'mail') });
}

export function authSettingsFromEnv(env: Env, mailer: Mailer, logger?: Logger): AuthSettings {
  return {
    mailer,
    publicUrl: env.PUBLIC_URL,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    secret: env.BETTER_AUTH_SECRET ?? localAuthSecret(env.DATA_DIR, logger),
    google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL } : undefined,
    facebook:
      env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET, dialogUrl: env.FACEBOOK_DIALOG_URL, graphUrl: env.FACEBOOK_GRAPH_URL }
        : undefined,
    // Already redacted (src/domain/accounts/auth-log.ts); its info lines are chatter: debug level.
    log: logger ? (level, message, errors) => logger[level === 'info' ? 'debug' : level]({ errors }, `auth: ${message}`) : undefined,
    resetEmailHtml: renderPasswordResetHtml,
  };
}

/** Local runs without BETTER_AUTH_SECRET keep a random one in DATA_DIR/auth-secret (with a warning). */
function localAuthSecret(dataDir: string, logger?: Logger): string {
  return localSecret(dataDir, 'auth-secret', (file) => `BETTER_AUTH_SECRET não definido: usando um segredo aleatório guardado em ${file}. Em produção, defina BETTER_AUTH_SECRET.`, logger);
}

export async function bootDatabase(env: Env, logger: Logger, opts: { seed?: boolean } = {}): Promise<Database> {
  const seed = opts.seed ?? env.SEED_ON_START;
  // First start on the embedded database: the demo catalog is seeded by a child process, so the memory the
  // seeding takes in PGlite leaves with it (src/db/prepare-embedded.server.ts).
  if (!env.DATABASE_URL && seed && isNewEmbeddedFolder(env.DATA_DIR)) {
    const started = Date.now();
    const { products: inserted } = await prepareEmbeddedInChild({ dataDir: env.DATA_DIR, pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB });
    if (inserted > 0) logger.info({ products: inserted, ms: Date.now() - started }, 'catálogo de demonstração criado');
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DB_POOL_SIZE,
    reservedConnections: env.DB_RESERVED_CONNECTIONS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    backgroundPoolSize: env.DB_BACKGROUND_POOL_SIZE,
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
  });
  try {
    // Several instances starting together on one PostgreSQL take turns here (an advisory lock): the first
    // migrates and seeds, the others find it done.
    await database.exclusive(async () => {
      await database.migrate();
      const rebuilt = await ensureSearchPostings(database.db);
      if (rebuilt > 0) logger.warn({ postings: rebuilt }, 'índice de busca refeito: havia produtos sem postings (uma carga interrompida)');
      if (seed) {
        const started = Date.now();
        const { products: inserted } = await seedDemoData(database.db);
        if (inserted > 0) logger.info({ products: inserted, ms: Date.now() - started }, 'catálogo de demonstração criado');
      }
    });
  } catch (err) {
    await database.close();
    throw err;
  }
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? env.DATA_DIR : undefined }, 'banco de dados pronto');
  return database;
}

/**
 * Several instances on one PostgreSQL: each one's catalog writes reach the others' page caches and memos
 * through LISTEN/NOTIFY (a serving process calls this once its services are built; it stops with the
 * database). PGlite is one process, where the in-process event is the whole story.
 */
export async function listenForCatalogChanges(database: Database, changes: CatalogChanges, logger: Logger): Promise<void> {
  if (!database.listen) return;
  try {
    const stop = await database.listen(CATALOG_CHANNEL, changes.receive, () => {
      logger.warn('escuta de mudanças do catálogo restabelecida: caches locais limpos');
      changes.missed();
    });
    const close = database.close;
    database.close = async () => {
      await stop();
      await close();
    };
  } catch (err) {
    // The short TTLs still bound how stale another instance's change can look; the listener keeps retrying.
    logger.error({ err }, 'não foi possível escutar mudanças do catálogo (LISTEN)');
  }
}

/** OlimpIA's language model, only when all three OLIMPIA_LLM_* variables are set. */
export function llmConfig(env: Env) {
  return env.OLIMPIA_LLM_BASE_URL && env.OLIMPIA_LLM_API_KEY && env.OLIMPIA_LLM_MODEL ? { baseUrl: env.OLIMPIA_LLM_BASE_URL, apiKey: env.OLIMPIA_LLM_API_KEY, model: env.OLIMPIA_LLM_MODEL } : null;
}

/**
 * The durable job runner of a serving process (jobs live in the same database; with several instances each
 * runs workers and every job still runs once). Its errors (a lost connection, a failing job) are logged,
 * never fatal.
 */
export async function bootJobRunner(
  database: Database,
  logger: Logger,
  services: Pick<Services, 'uploads' | 'mailer' | 'invoicing' | 'checkout' | 'catalogChanges'>,
): Promise<JobRunner & { relay: EmailRelay }> {
  const runner = await startJobRunner({
    database,
    jobs: jobsFor(database.kind),
    uploads: services.uploads,
    mailer: services.mailer,
    invoicing: services.invoicing,
    checkout: services.checkout,
    catalogChanges: services.catalogChanges,
    onError: (err, where) => logger.warn({ err: safeError(err), where }, 'tarefa em segundo plano falhou'),
  });
  // New orders' confirmations go out from this process without a job each (src/domain/orders/outbox.server.ts):
  // the caller hands the runner to the app as Services.jobs and `relay` as Services.emailRelay.
  return withOrderEmailRelay(database.db, runner, services.mailer, services.checkout, (err) => logger.warn({ err: safeError(err) }, 'e-mail do pedido ficou para a varredura'));
}
