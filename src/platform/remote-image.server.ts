// Fetches a file a seller or a catalog file pointed us to (a product photo at an https:// address) once, so the
// shop keeps and serves its own copy: shoppers' browsers never load third-party hosts. The fetch itself is
// src/platform/safe-fetch.server.ts (https only, public addresses only, pinned DNS, size cap, deadline).
import { createSafeFetch } from './safe-fetch.server.ts';
import type { SafeFetch, SafeFetchDeps, SafeFetchResult } from './safe-fetch.server.ts';

export type RemoteFetchSettings = SafeFetchDeps & { timeoutMs?: number };

export type RemoteFetchResult = SafeFetchResult;

/** Fetches one remote file (a photo) within `maxBytes` and a deadline. */
export type RemoteFetch = (rawUrl: string, maxBytes: number, timeoutMs?: number) => Promise<RemoteFetchResult>;

/**
 * The process's remote fetch (Services.remoteFetch). Production uses the strict defaults; tests pass a
 * resolver and address policy for a local https server.
 */
export function createRemoteFetch(settings: RemoteFetchSettings = {}): RemoteFetch {
  const fetch: SafeFetch = createSafeFetch(settings);
  return (rawUrl, maxBytes, timeoutMs) => fetch(rawUrl, { maxBytes, timeoutMs: timeoutMs ?? settings.timeoutMs ?? 5000 });
}
