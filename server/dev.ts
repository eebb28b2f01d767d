// Development server: Vite in middleware mode (HMR) in front of the same Hono app as production.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { env } from '#src/config/env.ts';
import { createApp } from './app.ts';
import { bootDatabase, bootJobRunner, bootServices, createServices, llmConfig } from './boot.ts';
import { createLogger } from './logger.ts';

const config = env();
const logger = createLogger(config.LOG_LEVEL);
bootServices(config, logger);
const database = await bootDatabase(config, logger);
const services = createServices(config, database, logger);
await bootJobRunner(database, logger, services);
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
