// Start-up shared by the production server, the dev server and the CLI scripts: open the database,
// apply migrations, seed the demo catalog when the database is empty.
import { openDatabase, setDatabase } from '../src/db/client.server.ts';
import type { Database } from '../src/db/client.server.ts';
import type { Env } from '../src/config/env.ts';
import { seedDemoData } from '../src/db/seed.server.ts';
import path from 'node:path';
import { configureAuth } from '../src/domain/accounts/auth.server.ts';
import type { AuthSettings } from '../src/domain/accounts/auth.server.ts';
import { createMailer, setMailer } from '../src/platform/mailer.server.ts';
import { createUploadStore, setUploadStore } from '../src/platform/uploads.server.ts';
import { configureRemoteFetch } from '../src/platform/remote-image.server.ts';
import { store } from '../src/config/store.ts';
import { setCheckoutServices } from '../src/domain/checkout/services.server.ts';
import { createSandboxProvider } from '../src/domain/payments/provider.ts';
import { createViaCepClient } from '../src/domain/shipping/viacep.server.ts';
import { setGarageCookieSecret } from '../src/domain/fitment/garage-cookie.server.ts';
import { cookieSecret, localSecret } from './cookie-secret.ts';
import { configureSearchCache } from '../src/domain/catalog/search-cache.server.ts';
import type { Logger } from './logger.ts';
import { safeError, scrubText } from '../src/platform/log-safe.ts';

/** Process-wide services other than the database: mail, uploaded files, sign-in, payments, CEP lookup, the cookie secret. */
export function bootServices(env: Env, logger?: Logger): void {
  configureSearchCache(env.CATALOG_CACHE_SECONDS);
  setGarageCookieSecret(cookieSecret(env, logger));
  setMailer(createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailDir: path.resolve(env.DATA_DIR, 'mail') }));
  setUploadStore(createUploadStore(path.resolve(env.DATA_DIR, 'uploads')));
  configureAuth(authSettingsFromEnv(env, logger));
  configureRemoteFetch({ via: env.PHOTO_FETCH_VIA ?? null });
  setCheckoutServices({
    provider: createSandboxProvider({ pix: { key: env.PIX_KEY, merchantName: env.PIX_MERCHANT_NAME, merchantCity: env.PIX_MERCHANT_CITY } }),
    cep: createViaCepClient({ baseUrl: env.VIACEP_URL }),
    publicUrl: env.PUBLIC_URL,
    storeName: store.name,
    webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    onMailError: (err) => logger?.error({ err: safeError(err) }, 'falha ao enviar e-mail de confirmação'),
  });
}

export function authSettingsFromEnv(env: Env, logger?: Logger): AuthSettings {
  return {
    publicUrl: env.PUBLIC_URL,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    secret: env.BETTER_AUTH_SECRET ?? localAuthSecret(env.DATA_DIR, logger),
    google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL } : undefined,
    facebook:
      env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET, dialogUrl: env.FACEBOOK_DIALOG_URL, graphUrl: env.FACEBOOK_GRAPH_URL }
        : undefined,
    // Better Auth's info lines name e-mail addresses: they go to the debug level only.
    log: logger
      ? (level, message) => (level === 'error' ? logger.error(`auth: ${scrubText(message)}`) : level === 'warn' ? logger.warn(`auth: ${scrubText(message)}`) : logger.debug(`auth: ${message}`))
      : undefined,
  };
}

/** Local runs without BETTER_AUTH_SECRET keep a random one in DATA_DIR/auth-secret (with a warning). */
function localAuthSecret(dataDir: string, logger?: Logger): string {
  return localSecret(dataDir, 'auth-secret', (file) => `BETTER_AUTH_SECRET não definido: usando um segredo aleatório guardado em ${file}. Em produção, defina BETTER_AUTH_SECRET.`, logger);
}

export async function bootDatabase(env: Env, logger: Logger, opts: { seed?: boolean } = {}): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DB_POOL_SIZE,
  });
  try {
    await database.migrate();
    if (opts.seed ?? env.SEED_ON_START) {
      const started = Date.now();
      const { products: inserted } = await seedDemoData(database.db);
      if (inserted > 0) logger.info({ products: inserted, ms: Date.now() - started }, 'catálogo de demonstração criado');
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  setDatabase(database);
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? env.DATA_DIR : undefined }, 'banco de dados pronto');
  return database;
}

/** OlimpIA's language model, only when all three OLIMPIA_LLM_* variables are set. */
export function llmConfig(env: Env) {
  return env.OLIMPIA_LLM_BASE_URL && env.OLIMPIA_LLM_API_KEY && env.OLIMPIA_LLM_MODEL
    ? { baseUrl: env.OLIMPIA_LLM_BASE_URL, apiKey: env.OLIMPIA_LLM_API_KEY, model: env.OLIMPIA_LLM_MODEL }
    : null;
}
