// Development server: Vite in middleware mode (HMR) in front of the same Hono app as production.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { env } from '#src/config/env.ts';
import { createApp } from './app.ts';
import { bootDatabase, bootJobRunner, createServices, listenForCatalogChanges, llmConfig } from './boot.ts';
import { createLogger } from './logger.ts';

const config = env();
const logger = createLogger(config.LOG_LEVEL);
const database = await bootDatabase(config, logger);
const base = createServices(config, database, logger);
await listenForCatalogChanges(database, base.catalogChanges, logger);
const jobs = await bootJobRunner(database, logger, base);
const services = { ...base, emailRelay: jobs.relay, jobs };
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const app = createApp({
  build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  services,
  logger,
  mode: 'development',
  publicUrl: config.PUBLIC_URL,
  trustProxy: config.TRUST_PROXY,
  corsOrigins: config.CORS_ORIGINS,
  chat: { llm: llmConfig(config), perMinute: config.CHAT_RATE_LIMIT_PER_MINUTE },
  // No page cache in development: every reload shows the code just edited.
});
const listener = getRequestListener(app.fetch);
http.createServer((req, res) => vite.middlewares(req, res, () => void listener(req, res))).listen(config.PORT, () => logger.info(`Desenvolvimento em http://localhost:${config.PORT}`));
