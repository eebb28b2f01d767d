// Fetches a file a seller or a catalog file pointed us to (a product photo at an https:// address) once, so the
// shop keeps and serves its own copy: shoppers' browsers never load third-party hosts. The fetch itself is
// src/platform/safe-fetch.server.ts (https only, public addresses only, pinned DNS, size cap, deadline).
import { createSafeFetch } from './safe-fetch.server.ts';
import type { SafeFetch, SafeFetchDeps, SafeFetchResult } from './safe-fetch.server.ts';

export type RemoteFetchSettings = SafeFetchDeps & { timeoutMs?: number };

// Held on globalThis like the other process-wide services (the server entry and the route bundle each load this module).
const KEY = Symbol.for('olimpo.remoteFetch');
type Holder = { [KEY]?: { fetch: SafeFetch; timeoutMs?: number } };

/** Tests only: a resolver and address policy for a local https server. Production never calls it (strict defaults). */
export function configureRemoteFetch(settings: RemoteFetchSettings): void {
  (globalThis as Holder)[KEY] = { fetch: createSafeFetch(settings), timeoutMs: settings.timeoutMs };
}

const strict = createSafeFetch();

export type RemoteFetchResult = SafeFetchResult;

export function fetchRemoteFile(rawUrl: string, maxBytes: number, timeoutMs?: number): Promise<RemoteFetchResult> {
  const held = (globalThis as Holder)[KEY];
  return (held?.fetch ?? strict)(rawUrl, { maxBytes, timeoutMs: timeoutMs ?? held?.timeoutMs ?? 5000 });
}
