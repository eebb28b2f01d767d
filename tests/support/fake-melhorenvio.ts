// A local stand-in for Melhor Envio's quote API (POST /api/v2/me/shipment/calculate), for tests: the real
// provider talks to it over HTTP with the real request and answer shapes. Prices grow with the distance
// from São Paulo (the destination CEP's first digit) and the weight; Jadlog refuses parcels over 30 kg
// with an `error`, as the real API does. `mode` makes it fail (500) or hang.
import http from 'node:http';

export const FAKE_MELHORENVIO_TOKEN = 'fake-melhorenvio-token-0123456789';

type Product = { id: string; width: number; height: number; length: number; weight: number; insurance_value: number; quantity: number };
type Calculate = { from: { postal_code: string }; to: { postal_code: string }; products: Product[] };

/** What the fake charges (reais) and how long it takes (business days), by CEP region and weight. */
export function fakeQuote(toCep: string, kg: number) {
  const far = Number(toCep[0]) >= 5 ? (toCep.startsWith('69') ? 3 : 2) : 1; // 0-4 south-east, 69 Amazonas
  const price = (base: number, perKg: number) => (base * far + perKg * kg * far).toFixed(2);
  return [
    { id: 1, name: 'PAC', price: price(18, 1.5), days: [3 * far, 3 * far + 3], company: 'Correios' },
    { id: 2, name: 'SEDEX', price: price(28, 2.5), days: [1 * far, 1 * far + 1], company: 'Correios' },
    { id: 3, name: '.Package', price: price(16, 1.8), days: [4 * far, 4 * far + 2], company: 'Jadlog', maxKg: 30 },
  ];
}

export function startFakeMelhorEnvio(): Promise<{
  url: string;
  close: () => Promise<void>;
  requests: { headers: http.IncomingHttpHeaders; body: Calculate }[];
  mode: { value: 'ok' | 'fail' | 'hang' };
}> {
  const requests: { headers: http.IncomingHttpHeaders; body: Calculate }[] = [];
  const mode = { value: 'ok' as 'ok' | 'fail' | 'hang' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/api/v2/me/shipment/calculate') return json(404, { message: 'Not Found' });
      if (req.headers.authorization !== `Bearer ${FAKE_MELHORENVIO_TOKEN}`) return json(401, { message: 'Unauthenticated.' });
      if (!req.headers['user-agent'] || !/\(.+@.+\)/.test(req.headers['user-agent'])) return json(400, { message: 'User-Agent obrigatório' });
      if (mode.value === 'hang') return;
      if (mode.value === 'fail') return json(500, { message: 'Server Error' });
      const body = JSON.parse(raw) as Calculate;
      requests.push({ headers: req.headers, body });
      if (!/^\d{8}$/.test(body.to?.postal_code ?? '') || !Array.isArray(body.products)) return json(422, { message: 'The given data was invalid.' });
      const kg = body.products.reduce((s, p) => s + p.weight * p.quantity, 0);
      json(
        200,
        fakeQuote(body.to.postal_code, kg).map((s) =>
          s.maxKg && kg > s.maxKg
            ? { id: s.id, name: s.name, error: 'Peso excede o limite do serviço', company: { id: s.id, name: s.company, picture: '' } }
            : {
                id: s.id,
                name: s.name,
                price: s.price,
                custom_price: s.price,
                discount: '0.00',
                currency: 'R$',
                delivery_time: s.days[1],
                delivery_range: { min: s.days[0], max: s.days[1] },
                custom_delivery_time: s.days[1],
                custom_delivery_range: { min: s.days[0], max: s.days[1] },
                packages: [],
                additional_services: { receipt: false, own_hand: false, collect: false },
                company: { id: s.id, name: s.company, picture: '' },
              },
        ),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        mode,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
