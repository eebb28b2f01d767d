import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { askAssistant } from '../support/assistant.ts';

describe.each(DATABASE_KINDS)('OlimpIA follow-ups on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 200 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const ask = (turns: string[], pageProductId: number | null = null) => askAssistant(database, turns, pageProductId);

  it("keeps the shoe on the page and the size asked when only the colour changes (the variant table's answer)", async () => {
    // A shoe in stock in one colour and size, and another colour of it.
    const { rows } = (await database.db.execute(sql`
      select a.product_id as id, a.size, a.color as first, b.color as second from product_variants a
      join product_variants b on b.product_id = a.product_id and b.color <> a.color
      where a.stock > 0 order by a.product_id, a.size limit 1`)) as unknown as { rows: { id: number; size: string; first: string; second: string }[] };
    const shoe = rows[0]!;
    const word = (color: string) => color.toLowerCase().split('-')[0];
    const r = await ask(['gostei desse sapato', `tem no ${shoe.size} ${word(shoe.first)}?`, `e ${word(shoe.second)}?`], shoe.id);
    // Yes or no, it is the answer for the size asked before in the new colour.
    expect(r).toMatch(new RegExp(`(Sim, |Não: ).*tamanho ${shoe.size} na cor ${shoe.second}`));
  });

  it('answers yes/no questions about the store with Sim or Não before the fact', async () => {
    expect(await ask(['atende domingo?'])).toMatch(/^Não\. Nosso atendimento funciona/);
    expect(await ask(['vcs guardam o numero do meu cartao?'])).toMatch(/^Não\. /);
    expect(await ask(['a garantia de 90 dias é somada com a do fabricante?'])).toMatch(/^Sim\. /);
  });

  it('says the store does not sell an item no catalog word names, and what is nearest', async () => {
    const r = await ask(['tem coxim do motor pro hb20?']);
    expect(r).toMatch(/^Não trabalhamos com coxim/);
    expect(await ask(['vocês vendem extintor?'])).toMatch(/^Não trabalhamos com extintor/);
    expect(await ask(['vcs vendem sensor de estacionamento?'])).toMatch(/^Não trabalhamos com sensor de estacionamento/);
  });
});
