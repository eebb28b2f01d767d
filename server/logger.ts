// One pino logger for the process. Card data never reaches it: request bodies are not logged.
import pino from 'pino';

export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.cardNumber', '*.cvv'], remove: true },
  });
}
export type Logger = ReturnType<typeof createLogger>;
