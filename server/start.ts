// The production server, started by server/main.js once NODE_ENV is set.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { env } from '../src/config/env.ts';
import { createApp } from './app.ts';
import { bootDatabase, bootJobRunner, bootServices, llmConfig } from './boot.ts';
import { createLogger } from './logger.ts';
import { startMallocTrim } from './malloc-trim.ts';

/** Starts the server; resolves once it is serving (or exits the process when it cannot start). */
export async function main(): Promise<void> {
  let config;
  try {
    config = env();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const buildFile = path.resolve('build/server/index.js');
  if (!fs.existsSync(buildFile)) {
    logger.fatal('Build não encontrado. Rode "npm run build" (ou "npm start", que compila quando falta).');
    process.exit(1);
  }
  bootServices(config, logger);
  // The build before the database: V8 optimizes PGlite's code in the background for a few seconds after it
  // opens, and the build's allocations made meanwhile left holes in glibc's heap (README, issue 16).
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  let database;
  let jobs: Awaited<ReturnType<typeof bootJobRunner>>;
  try {
    database = await bootDatabase(config, logger);
    jobs = await bootJobRunner(database, logger);
  } catch (err) {
    logger.fatal({ err }, (err as Error).message);
    process.exit(1);
  }
  const stopTrim = await startMallocTrim(config.MALLOC_TRIM_SECONDS, logger);
  const app = createApp({ build, database: () => database, logger, publicUrl: config.PUBLIC_URL, trustProxy: config.TRUST_PROXY, corsOrigins: config.CORS_ORIGINS, chat: { llm: llmConfig(config), perMinute: config.CHAT_RATE_LIMIT_PER_MINUTE }, pageCacheSeconds: config.PAGE_CACHE_SECONDS });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(`Olimpo Peças em http://localhost:${info.port}`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopTrim();
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

