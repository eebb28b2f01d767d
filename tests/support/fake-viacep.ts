// A local stand-in for ViaCEP (GET /ws/{cep}/json/), for tests: the real client talks to it over HTTP.
import http from 'node:http';

const ADDRESSES: Record<string, object> = {
  '01001000': { cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
  '20040002': { cep: '20040-002', logradouro: 'Rua da Assembleia', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
  '69010001': { cep: '69010-001', logradouro: 'Avenida Eduardo Ribeiro', bairro: 'Centro', localidade: 'Manaus', uf: 'AM' },
  '99999999': { erro: 'true' },
  '88888888': { erro: true },
};

/** Starts the fake on a free port (or `port`); CEP 50000000 answers 500, 40000000 never answers. */
export function startFakeViaCep(port = 0): Promise<{ url: string; close: () => Promise<void>; requests: string[] }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const m = /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '');
    if (!m) {
      res.writeHead(400).end();
      return;
    }
    const cep = m[1]!;
    if (cep === '50000000') {
      res.writeHead(500).end('erro');
      return;
    }
    if (cep === '40000000') return; // hangs: the client must time out
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ADDRESSES[cep] ?? { erro: 'true' }));
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        requests,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

// `node tests/support/fake-viacep.ts 3199` runs it standalone (used by the e2e server script).
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 3199);
  void startFakeViaCep(port).then((s) => console.log(`fake ViaCEP em ${s.url}`));
}
