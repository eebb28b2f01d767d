// What an error log line may hold: the error's kind, code and a message without the data it was about.
// A failed query's message carries its SQL parameters (an e-mail, a street), so it is replaced by its
// cause's; URLs lose their query strings (tokens, searches); e-mail addresses are masked wherever they appear.
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
const QUERY_STRING = /(\/[^\s?"']*)\?[^\s"']*/g;

export function scrubText(text: string): string {
  return text.replace(EMAIL, '[e-mail]').replace(QUERY_STRING, '$1?[…]');
}

export interface SafeError {
  type: string;
  code?: string;
  message: string;
  stack?: string;
}

/** The loggable part of an error (and of its causes: a driver error wrapped by drizzle keeps its code). */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubText(String(err).slice(0, 300)) };
  const e = err as Error & { code?: unknown; cause?: unknown };
  // drizzle: "Failed query: <sql>\nparams: <values>": the values are personal data; the cause says why.
  if (/^Failed query:/.test(e.message) && e.cause && depth < 5) return safeError(e.cause, depth + 1);
  const message = scrubText(e.message.split('\n')[0]!.slice(0, 300));
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 8)
    .join('\n');
  return { type: e.name, ...(typeof e.code === 'string' ? { code: e.code } : {}), message, ...(frames ? { stack: frames } : {}) };
}
