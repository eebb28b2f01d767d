// Gives the C heap's free memory back to the system every few seconds: glibc's malloc_trim(0), called through
// koffi (a maintained FFI library whose prebuilt binaries come as per-platform packages, so `npm ci` needs no
// install script).
//
// Why (issue 16's bench runs, in git history): V8 compiles on its helper threads, in zones taken from malloc and freed when the
// compile ends. glibc only returns memory from the top of an arena, so a few blocks still in use above a
// freed zone keep all of it in the process; a 100,000-product PGlite server carried 20–30 MB of such free
// memory under load. malloc_trim also releases free pages in the middle of an arena (madvise), which nothing
// else in the process can ask for.
//
// The call runs on libuv's thread pool (koffi's async call), so the event loop never waits for it, and only
// one runs at a time. It is housekeeping, not work: a crash that forgets the timer loses nothing. Elsewhere
// than on Linux with glibc (macOS, musl) there is no malloc_trim and this does nothing.
import type { Logger } from './logger.ts';

type Trim = ((pad: number) => number) & { async: (pad: number, done: (err: unknown, result: number) => void) => void };

/** Loads glibc's malloc_trim, or null where there is none (no libc.so.6: macOS, musl). */
async function loadMallocTrim(): Promise<Trim | null> {
  if (process.platform !== 'linux') return null;
  const { default: koffi } = await import('koffi');
  let libc;
  try {
    libc = koffi.load('libc.so.6');
  } catch {
    return null;
  }
  return libc.func('int malloc_trim(size_t pad)') as unknown as Trim;
}

/** Every `seconds` (0: never), hands the heap's free pages back; returns the stop function. */
export async function startMallocTrim(seconds: number, logger?: Logger): Promise<() => void> {
  if (seconds <= 0) return () => {};
  const trim = await loadMallocTrim().catch((err: unknown) => {
    logger?.warn({ err }, 'malloc_trim indisponível: a memória livre do heap de C fica com o processo');
    return null;
  });
  if (!trim) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    trim.async(0, () => {
      running = false;
    });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
