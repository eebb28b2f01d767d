// Recognising database errors the same way on PGlite and node-postgres (Drizzle wraps both).

/** A unique constraint refused the row (SQLSTATE 23505); `constraint` narrows it to one index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint || String((e as Error).message ?? '').includes(constraint);
  }
  return false;
}
