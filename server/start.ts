// The production server, started by server/main.js (from the server's bundle) once NODE_ENV is set.
import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { env } from '#src/config/env.ts';
import { createApp } from './app.ts';
import { bootDatabase, bootJobRunner, createServices, listenForCatalogChanges, llmConfig } from './boot.ts';
import { createLogger } from './logger.ts';

/**
 * Starts the server with React Router's build (bundled with it: scripts/build-server.ts); resolves once it is
 * serving, or exits the process when it cannot start.
 */
export async function main(build: ServerBuild): Promise<void> {
  let config;
  try {
    config = env();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  let database;
  let jobs: Awaited<ReturnType<typeof bootJobRunner>>;
  let services;
  try {
    database = await bootDatabase(config, logger);
    services = createServices(config, database, logger);
    await listenForCatalogChanges(database, services.catalogChanges, logger);
    jobs = await bootJobRunner(database, logger, services);
    services = { ...services, emailRelay: jobs.relay, jobs };
  } catch (err) {
    logger.fatal({ err }, (err as Error).message);
    process.exit(1);
  }
  const app = createApp({
    build,
    services,
    logger,
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
    corsOrigins: config.CORS_ORIGINS,
    chat: { llm: llmConfig(config), perMinute: config.CHAT_RATE_LIMIT_PER_MINUTE },
    pageCacheSeconds: config.PAGE_CACHE_SECONDS,
    databaseLimits: { backofficeStatementTimeoutMs: config.DB_BACKOFFICE_STATEMENT_TIMEOUT_MS },
  });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(`Olimpo Peças em http://localhost:${info.port}`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'encerrando');
    server.close(() => {
      void jobs
        .stop()
        .catch(() => {})
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
