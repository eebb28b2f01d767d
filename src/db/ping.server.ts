// Readiness: one trivial statement, answered in time or counted as a failure.
const PING_TIMEOUT_MS = 3000;

/** Runs `select 1` through `run`: false when it fails or takes longer than PING_TIMEOUT_MS (readiness must answer quickly). */
export async function pingWithin(run: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
