import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { askAssistant } from '../support/assistant.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe.each(DATABASE_KINDS)("OlimpIA on the shopper's words on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 200 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const ask = (turns: string[], pageProductId: number | null = null) => askAssistant(database, turns, pageProductId);

  it('reads a short model name after "no meu" as the vehicle on the product page ("serve no meu ka 2021?")', async () => {
    // A product fitted to a Ford Ka in some year.
    const [fit] = rowsOf<{ id: number; year: number }>(
      await database.db.execute(sql`select f.product_id as id, f.year_to as year from product_fitments f join vehicles v on v.id = f.vehicle_id
        where v.make = 'Ford' and v.model = 'Ka' order by f.product_id limit 1`),
    );
    expect(fit).toBeDefined();
    expect(await ask([`serve no meu ka ${fit!.year}?`], fit!.id)).toMatch(/^Sim! .* serve no seu Ka/);
  });

  it('answers a vehicle type asked about the product from its universal marking or its vehicles', async () => {
    const [universal] = rowsOf<{ id: number; type: string }>(
      await database.db.execute(sql`select product_id as id, vehicle_type as type from product_universal_fitments where vehicle_type = 'motos' order by product_id limit 1`),
    );
    expect(universal).toBeDefined();
    expect(await ask(['esse item serve em moto tb ou só carro?'], universal!.id)).toMatch(/^Sim! .* é universal para .*motos/);
  });

  it('takes a bare vehicle after a product question as that question for the vehicle', async () => {
    const r = await ask(['vcs tem pastilha de freio?', 'gol 2015']);
    expect(r).not.toContain('Não sei responder');
    expect(r).toMatch(/Gol/);
  });

  it('applies the installment and PIX rules to an amount the shopper states', async () => {
    // R$ 35,00 with a R$ 10,00 minimum installment: at most 3x.
    expect(await ask(['uma peça de R$ 35, da pra parcelar?'])).toMatch(/R\$ 35,00 dá para parcelar em até 3x sem juros/);
    expect(await ask(['um filtro de 50 reais, consigo parcelar em 10x?'])).toMatch(/^Não: R\$ 50,00 dá para parcelar em até 5x/);
    expect(await ask(['uma peça de 200 reais no pix fica quanto?'])).toMatch(/R\$ 200,00 sai por R\$ 180,00/);
  });

  it('picks the product at the price the shopper says among those found', async () => {
    // Two products with one title at different prices: each is answered when named by its own price.
    const [pair] = rowsOf<{ title: string; first: number; second: number }>(
      await database.db.execute(sql`select a.title, a.price_cents as first, b.price_cents as second from products a join products b
        on b.title = a.title and b.id <> a.id and b.price_cents <> a.price_cents order by a.id limit 1`),
    );
    expect(pair).toBeDefined();
    for (const cents of [pair!.first, pair!.second]) {
      const reais = (cents / 100).toFixed(2).replace('.', ',');
      expect(await ask([`quanto custa o ${pair!.title} de ${reais} no pix?`])).toContain(`${pair!.title} custa R$ ${reais}`);
    }
  });
  it('reads a short follow-up with no subject of its own with the question before it', async () => {
    // Alone, "como faz?" was read as a sign-up question.
    expect(await ask(['quero devolver um farol', 'como faz?'])).toMatch(/devol/i);
    // A follow-up naming its own subject keeps it.
    expect(await ask(['qual o prazo de entrega?', 'e a garantia?'])).toMatch(/garantia/);
  });

  it('answers sizes asked on a shoe page from the variant table, not as a store question', async () => {
    const [shoe] = rowsOf<{ id: number }>(await database.db.execute(sql`select product_id as id from product_variants where stock > 0 order by product_id limit 1`));
    expect(shoe).toBeDefined();
    expect(await ask(['vai ate q numero?'], shoe!.id)).toMatch(/^Tamanhos de .* em estoque: \d/);
  });

  it('answers a rare phrasing under the confidence threshold when a published sentence covers it strongly', async () => {
    expect(await ask(['se acabar o estoque depois q eu pagar, o que acontece?'])).toContain('Se o estoque acabar');
    expect(await ask(['qual a capital da frança?'])).toContain('Não sei responder');
  });
});
