// Fetches a file a seller pointed us to (a product photo at an https:// address) once, so the shop can keep
// and serve its own copy: shoppers' browsers never load third-party hosts. Bounded in every way: https only,
// a timeout, a size cap read as the bytes arrive, at most 3 redirects, and no address inside our network
// (loopback, private, link-local: the server must not be made to fetch from itself or its neighbours).
import dns from 'node:dns/promises';
import net from 'node:net';

export interface RemoteFetchSettings {
  /**
   * Tests only: fetch every URL through this base instead (`<via>/<host><path>`), a local fake HTTP server.
   * Unset in production.
   */
  via?: string | null;
  timeoutMs?: number;
}

const KEY = Symbol.for('olimpo.remoteFetch');
type Holder = { [KEY]?: RemoteFetchSettings };
export function configureRemoteFetch(settings: RemoteFetchSettings): void {
  (globalThis as Holder)[KEY] = settings;
}
const settings = (): RemoteFetchSettings => (globalThis as Holder)[KEY] ?? {};

export type RemoteFetchResult = { ok: true; data: Uint8Array; contentType: string } | { ok: false; reason: 'invalid' | 'blocked' | 'unreachable' | 'too_big' };

const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) blocked.addSubnet(addr, prefix, 'ipv6');

async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => !blocked.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
  } catch {
    return false;
  }
}

export async function fetchRemoteFile(rawUrl: string, maxBytes: number): Promise<RemoteFetchResult> {
  const { via, timeoutMs = 5000 } = settings();
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; hop <= 3; hop++) {
    if (url.protocol !== 'https:' || url.username || url.password) return { ok: false, reason: 'invalid' };
    if (!via && !(await isPublicHost(url.hostname))) return { ok: false, reason: 'blocked' };
    const target = via ? `${via.replace(/\/+$/, '')}/${url.host}${url.pathname}${url.search}` : url.toString();
    let res: Response;
    try {
      res = await fetch(target, { redirect: 'manual', signal, headers: { accept: 'image/jpeg, image/png, image/webp' } });
    } catch {
      return { ok: false, reason: 'unreachable' };
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel();
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      return { ok: false, reason: 'unreachable' };
    }
    if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
      await res.body.cancel();
      return { ok: false, reason: 'too_big' };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          return { ok: false, reason: 'too_big' };
        }
        chunks.push(value);
      }
    } catch {
      return { ok: false, reason: 'unreachable' };
    }
    return { ok: true, data: Buffer.concat(chunks), contentType: res.headers.get('content-type') ?? '' };
  }
  return { ok: false, reason: 'unreachable' };
}
