// A stand-in for a seller's or supplier's photo host, for tests: a real https server with its own certificate
// (made by openssl for the run) for fotos.example.com, listening on 127.0.0.2. The fetcher settings it hands
// out resolve fotos.example.com to 127.0.0.2 and allow that ONE address; 127.0.0.1, ::1 and every other
// address stay refused, so a redirect or a second name pointing at the loopback is still caught.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RemoteFetchSettings } from '#src/platform/remote-image.server.ts';

export const PHOTO_HOST = 'fotos.example.com';
const HOST_ADDRESS = '127.0.0.2';

export interface FakePhotoHost {
  /** https://fotos.example.com:<port> */
  origin: string;
  port: number;
  /** Paths requested, in order. */
  hits: string[];
  settings: RemoteFetchSettings;
  cert: { key: string; cert: string };
  close: () => Promise<void>;
}

/** A self-signed certificate for the given names (and 127.0.0.1 / 127.0.0.2 as IP names). */
export function makeCertificate(names: string[]): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-cert-'));
  try {
    const san = [...names.map((n) => `DNS:${n}`), 'IP:127.0.0.1', 'IP:127.0.0.2', 'IP:::1'].join(',');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${names[0]}`,
        '-addext',
        `subjectAltName=${san}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the host. `names` maps extra host names to addresses for the resolver (e.g. a name that points at
 * 127.0.0.1, to show it is refused); unknown names do not resolve.
 */
export async function startFakePhotoHost(handler: (route: string, req: http.IncomingMessage, res: http.ServerResponse) => void, names: Record<string, string> = {}): Promise<FakePhotoHost> {
  const cert = makeCertificate([PHOTO_HOST, ...Object.keys(names)]);
  const hits: string[] = [];
  const server = https.createServer(cert, (req, res) => {
    hits.push(req.url ?? '');
    handler(req.url ?? '', req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST_ADDRESS, resolve));
  const port = (server.address() as AddressInfo).port;
  const table: Record<string, string> = { [PHOTO_HOST]: HOST_ADDRESS, ...names };
  return {
    origin: `https://${PHOTO_HOST}:${port}`,
    port,
    hits,
    cert,
    settings: {
      lookup: async (hostname) => {
        const address = table[hostname];
        if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      },
      isAllowedAddress: (address) => address === HOST_ADDRESS,
      ca: cert.cert,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
