// The one way the server fetches a file from an address someone else chose (a seller's photo, a catalog row's
// foto_url) without being turned against its own network (SSRF): https only; the host resolved ONCE and the
// connection made to that very address (no second DNS answer, no rebinding), refused unless it is a public
// unicast address; every redirect checked again the same way, at most a few; the body counted as it streams
// and dropped the moment it passes the cap; one deadline for the whole thing. Callers get a reason code,
// never the remote status or error text, so nothing about a host we refused or reached leaks into a report.
import dns from 'node:dns/promises';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchDeps {
  /** Host name → its addresses. Default: the system resolver (`dns.lookup`, all addresses). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** May we connect to this address? Default: `isPublicAddress`. Tests widen it to their one local server. */
  isAllowedAddress?: (address: string) => boolean;
  /** Trusted CA certificates instead of the system's (tests: the local https server's own certificate). */
  ca?: string | Buffer;
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
}

export type SafeFetchFailure = 'invalid' | 'blocked' | 'unreachable' | 'too_big';
export type SafeFetchResult = { ok: true; data: Uint8Array; contentType: string } | { ok: false; reason: SafeFetchFailure };

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * True only for a public unicast address. Refused: loopback, private (10/8, 172.16/12, 192.168/16), link-local,
 * CGNAT (100.64/10), multicast, broadcast, unspecified, reserved and documentation ranges, IPv6 unique-local,
 * and every IPv6 form that embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo), whatever it embeds.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address is judged as the IPv4 address it is
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
}

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

class Refused extends Error {
  readonly reason: SafeFetchFailure;
  constructor(reason: SafeFetchFailure) {
    super(reason);
    this.reason = reason;
  }
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'body'; data: Uint8Array; contentType: string };

/** A fetcher bound to its resolver and address policy (the defaults are the production ones). */
export function createSafeFetch(deps: SafeFetchDeps = {}) {
  const lookup = deps.lookup ?? systemLookup;
  const allowed = deps.isAllowedAddress ?? isPublicAddress;

  /** Resolves once; every address must be allowed (a name that also points inside is refused outright). */
  async function pin(hostname: string, signal: AbortSignal): Promise<ResolvedAddress> {
    const bare = hostname.replace(/^\[|\]$/g, '');
    const literal = net.isIP(bare);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: bare, family: literal as 4 | 6 }];
    else {
      try {
        signal.throwIfAborted();
        addresses = await Promise.race([lookup(bare), new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))]);
      } catch {
        throw new Refused('unreachable');
      }
    }
    if (addresses.length === 0 || !addresses.every((a) => allowed(a.address))) throw new Refused('blocked');
    return addresses[0]!;
  }

  function request(url: URL, target: ResolvedAddress, opts: Required<Pick<SafeFetchOptions, 'maxBytes' | 'accept'>>, signal: AbortSignal): Promise<Hop> {
    // The socket connects to the address checked above: this lookup answers with it and asks no one.
    const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    }) as unknown as LookupFunction;
    return new Promise<Hop>((resolve, reject) => {
      const req = https.request(
        {
          host: url.hostname.replace(/^\[|\]$/g, ''),
          servername: net.isIP(url.hostname.replace(/^\[|\]$/g, '')) ? undefined : url.hostname,
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: { accept: opts.accept, 'user-agent': 'OlimpoPecas/1.0 (+fotos de produtos)' },
          lookup: pinned,
          agent: false,
          ca: deps.ca,
          signal,
        },
        (res) => {
          readResponse(res, opts.maxBytes).then(resolve, reject);
        },
      );
      req.on('error', () => reject(new Refused('unreachable')));
      req.end();
    });
  }

  async function readResponse(res: IncomingMessage, maxBytes: number): Promise<Hop> {
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      return { kind: 'redirect', location };
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw new Refused('unreachable');
    }
    if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
      res.destroy();
      throw new Refused('too_big');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          res.destroy();
          throw new Refused('too_big');
        }
        chunks.push(chunk);
      }
    } catch (err) {
      throw err instanceof Refused ? err : new Refused('unreachable');
    }
    return { kind: 'body', data: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') };
  }

  return async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
    const { maxBytes, timeoutMs = 5000, maxRedirects = 3, accept = 'image/jpeg, image/png, image/webp' } = options;
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      for (let hop = 0; hop <= maxRedirects; hop++) {
        if (url.protocol !== 'https:' || url.username || url.password) throw new Refused(hop === 0 ? 'invalid' : 'blocked');
        const target = await pin(url.hostname, signal);
        const res = await request(url, target, { maxBytes, accept }, signal);
        if (res.kind === 'body') return { ok: true, data: res.data, contentType: res.contentType };
        try {
          url = new URL(res.location, url);
        } catch {
          throw new Refused('unreachable');
        }
      }
      return { ok: false, reason: 'unreachable' };
    } catch (err) {
      return { ok: false, reason: err instanceof Refused ? err.reason : 'unreachable' };
    }
  };
}

export type SafeFetch = ReturnType<typeof createSafeFetch>;
