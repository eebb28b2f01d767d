// The hardened fetcher for addresses chosen by others: only public unicast addresses pass the strict check;
// against a local https host (allowed by an explicit test policy, 127.0.0.2 only) it fetches, follows a
// redirect within the rules, and refuses http, loopback and private literals, names resolving inside, redirects
// into the loopback, endless redirects, oversized bodies (stopped while streaming) and slow hosts. The
// production defaults (system DNS, strict check) refuse a name that resolves to the loopback.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, isPublicAddress } from '#src/platform/safe-fetch.server.ts';
import type { ResolvedAddress } from '#src/platform/safe-fetch.server.ts';
import { startFakePhotoHost } from '../support/fake-photo-host.ts';
import type { FakePhotoHost } from '../support/fake-photo-host.ts';

describe('the strict address check', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.8',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '192.0.2.10',
    '198.18.0.1',
    '240.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001::1',
    '2001:db8::1',
    '100::1',
    '2130706433',
    '0x7f.0.0.1',
    'localhost',
    '',
    'não é ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '200.147.67.142', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '2804:14c::1', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('fetching from a host', () => {
  let host: FakePhotoHost;
  let inside: https.Server;
  let insidePort = 0;
  const insideHits: string[] = [];
  let bigBytesSent = 0;
  const CAP = 256 * 1024;

  beforeAll(async () => {
    host = await startFakePhotoHost(
      (route, _req, res) => {
        if (route === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('PNGDATA');
        if (route === '/moved.png') return res.writeHead(302, { location: '/ok.png' }).end();
        if (route === '/to-loopback') return res.writeHead(302, { location: `https://127.0.0.1:${insidePort}/api/account/export` }).end();
        if (route === '/to-inside-name') return res.writeHead(301, { location: `https://interno.example:${insidePort}/segredo` }).end();
        if (route === '/to-http') return res.writeHead(302, { location: `http://fotos.example.com:${host.port}/ok.png` }).end();
        if (route.startsWith('/loop')) return res.writeHead(302, { location: `/loop${route.length}` }).end();
        if (route === '/declared-big') return res.writeHead(200, { 'content-length': String(CAP + 1) }).end(Buffer.alloc(CAP + 1));
        if (route === '/endless') {
          // No length and no end: the fetcher must stop reading once the cap is passed, and hang up.
          res.writeHead(200, { 'content-type': 'image/jpeg' });
          const chunk = Buffer.alloc(64 * 1024, 7);
          const pump = () => {
            while (!res.destroyed && bigBytesSent < 200 * 1024 * 1024) {
              bigBytesSent += chunk.byteLength;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
          };
          res.on('close', () => res.removeAllListeners('drain'));
          return pump();
        }
        if (route === '/slow') return; // never answers
        res.writeHead(404).end('HTTP 404 /interno');
      },
      { 'interno.example': '127.0.0.1' },
    );
    inside = https.createServer(host.cert, (req, res) => {
      insideHits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end('segredo');
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    insidePort = (inside.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await host.close();
    inside.closeAllConnections();
    await new Promise<void>((resolve) => inside.close(() => resolve()));
  });

  const opts = { maxBytes: CAP, timeoutMs: 1500 };

  it('fetches a file from an allowed host, also after a redirect on the same rules', async () => {
    const safeFetch = createSafeFetch(host.settings);
    const direct = await safeFetch(`${host.origin}/ok.png`, opts);
    expect(direct).toMatchObject({ ok: true, contentType: 'image/png' });
    if (direct.ok) expect(Buffer.from(direct.data).toString()).toBe('PNGDATA');
    expect(await safeFetch(`${host.origin}/moved.png`, opts)).toMatchObject({ ok: true });
  });

  it('resolves the name once and connects to that address (no second answer is asked for)', async () => {
    const asked: string[] = [];
    const answers: ResolvedAddress[][] = [[{ address: '127.0.0.2', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const safeFetch = createSafeFetch({ ...host.settings, lookup: async (name) => (asked.push(name), answers[asked.length - 1] ?? []) });
    expect(await safeFetch(`${host.origin}/ok.png`, opts)).toMatchObject({ ok: true });
    expect(asked).toEqual(['fotos.example.com']);
  });

  it('refuses http, credentials, loopback and private literals and names that resolve inside, before connecting', async () => {
    const safeFetch = createSafeFetch(host.settings);
    const before = host.hits.length;
    for (const [url, reason] of [
      [`http://fotos.example.com:${host.port}/ok.png`, 'invalid'],
      [`https://user:senha@fotos.example.com:${host.port}/ok.png`, 'invalid'],
      [`https://127.0.0.1:${insidePort}/api/account/export`, 'blocked'],
      [`https://[::1]:${insidePort}/x.png`, 'blocked'],
      [`https://[::ffff:127.0.0.1]:${insidePort}/x.png`, 'blocked'],
      ['https://10.0.0.8/x.png', 'blocked'],
      ['https://169.254.169.254/latest/meta-data', 'blocked'],
      [`https://interno.example:${insidePort}/segredo`, 'blocked'],
      ['https://nao-existe.example/x.png', 'unreachable'],
      ['ftp://fotos.example.com/x.png', 'invalid'],
      ['não é endereço', 'invalid'],
    ] as const) {
      expect(await safeFetch(url, opts), url).toEqual({ ok: false, reason });
    }
    expect(host.hits.length).toBe(before);
    expect(insideHits).toEqual([]);
  });

  it('checks every redirect again: into the loopback, a name inside, http, or more than three hops', async () => {
    const safeFetch = createSafeFetch(host.settings);
    expect(await safeFetch(`${host.origin}/to-loopback`, opts)).toEqual({ ok: false, reason: 'blocked' });
    expect(await safeFetch(`${host.origin}/to-inside-name`, opts)).toEqual({ ok: false, reason: 'blocked' });
    expect(await safeFetch(`${host.origin}/to-http`, opts)).toEqual({ ok: false, reason: 'blocked' });
    const before = host.hits.length;
    expect(await safeFetch(`${host.origin}/loop`, opts)).toEqual({ ok: false, reason: 'unreachable' });
    expect(host.hits.length - before).toBe(4);
    expect(insideHits).toEqual([]);
  });

  it('stops an oversized body as it streams, and gives up on a host that does not answer in time', async () => {
    const safeFetch = createSafeFetch(host.settings);
    expect(await safeFetch(`${host.origin}/declared-big`, opts)).toEqual({ ok: false, reason: 'too_big' });
    expect(await safeFetch(`${host.origin}/endless`, { ...opts, timeoutMs: 10_000 })).toEqual({ ok: false, reason: 'too_big' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The server stops at the first write after the hang-up: what it sent is the cap plus what the socket buffers held.
    expect(bigBytesSent).toBeLessThan(4 * 1024 * 1024); // measured: 384 KB for a 256 KB cap
    const started = Date.now();
    expect(await safeFetch(`${host.origin}/slow`, { ...opts, timeoutMs: 500 })).toEqual({ ok: false, reason: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('with the production defaults (system DNS, strict check), a name for the loopback is refused', async () => {
    const safeFetch = createSafeFetch({ ca: host.cert.cert });
    expect(await safeFetch(`https://localhost:${insidePort}/api/account/export`, opts)).toEqual({ ok: false, reason: 'blocked' });
    expect(await safeFetch(`https://127.0.0.2:${host.port}/ok.png`, opts)).toEqual({ ok: false, reason: 'blocked' });
    expect(insideHits).toEqual([]);
  });
});
