// A shoe bought in a colour other than its first shows that colour's photo in the cart quote and in the
// order line it is stored as (which the checkout, success page, order page and e-mails read).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artColorForName, parseArtPath } from '#src/domain/catalog/art.ts';
import { generateCatalog } from '#src/domain/catalog/seed/generate.ts';
import type { Quote } from '#src/domain/cart/quote.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const COUNT = 200;
const catalog = [...generateCatalog(COUNT)];
// A shoe with two colours or more, whose last colour (alphabetically, so not the photo's) has a size in stock.
const shoeIndex = catalog.findIndex(
  (p) => new Set(p.variants.map((v) => v.color)).size > 1 && p.variants.some((v) => v.stock > 0 && v.color === [...new Set(p.variants.map((x) => x.color))].sort().at(-1)),
);
const shoe = catalog[shoeIndex]!;
const shoeId = shoeIndex + 1;
const lastColor = [...new Set(shoe.variants.map((v) => v.color))].sort().at(-1)!;
const variant = shoe.variants.find((v) => v.color === lastColor && v.stock > 0)!;
const expectedSlug = artColorForName(lastColor);

describe.each(DATABASE_KINDS)('the chosen colour’s photo on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('the cart quote shows the photo of the colour chosen', async () => {
    expect(expectedSlug).not.toBeNull();
    const res = await t.request('POST', '/api/cart/quote', { lines: [{ productId: shoeId, quantity: 1, color: variant.color, size: variant.size }] });
    expect(res.status).toBe(200);
    const q = (await res.json()) as Quote;
    expect(q.lines[0]!.status).toBe('ok');
    expect(parseArtPath(q.lines[0]!.image!.url)?.color).toBe(expectedSlug);
  });

  it('the order line keeps the photo of the colour bought', async () => {
    const res = await t.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines: [{ productId: shoeId, quantity: 1, color: variant.color, size: variant.size }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', complement: '', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'pix',
      installments: 1,
      customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    });
    const body = (await res.json()) as { order: { lines: { imageUrl: string | null }[] } };
    expect(res.status).toBe(201);
    // The view is read back from the stored order line.
    expect(parseArtPath(body.order.lines[0]!.imageUrl!)?.color).toBe(expectedSlug);
  });
});
