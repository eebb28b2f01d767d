// A TCP proxy in front of PostgreSQL, so a test can take the database away from a running server and give
// it back. Two ways to cut: 'reset' closes every connection and refuses new ones at once (a crashed or
// restarted database); 'silent' closes every connection and then accepts new ones but never answers (a host
// that vanished from the network: no refusal, only silence).
import net from 'node:net';

export type CutMode = 'reset' | 'silent';

export interface TcpProxy {
  port: number;
  cut(mode?: CutMode): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | CutMode = 'open';
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const dropAll = () => {
    for (const s of sockets) s.resetAndDestroy();
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'silent') {
      client.resume(); // swallow what the client says, never answer
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    cut(m: CutMode = 'reset') {
      mode = m;
      dropAll();
    },
    restore() {
      mode = 'open';
      // Connections accepted while silent never reached the database: close them so clients reconnect.
      dropAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
