// OlimpIA reads what the store publishes and keeps the conversation: policy answers quoted from the pages,
// part numbers both ways, categories the store does not sell, totals with a shipping method, English.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '#src/domain/assistant/engine.server.ts';
import type { ChatMessage } from '#src/domain/assistant/engine.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe.each(DATABASE_KINDS)('OlimpIA dialogue on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 60 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const ask = async (...turns: string[]) => {
    const messages: ChatMessage[] = [];
    let last = null as Awaited<ReturnType<typeof answer>> | null;
    for (const content of turns) {
      messages.push({ sender: 'user', content });
      last = await answer({ db: database.db, viewer: { userId: null } }, messages);
      messages.push({ sender: 'bot', content: last.resposta });
    }
    return plain(last!.resposta);
  };

  it('quotes the returns page: who pays the return freight, when the refund comes, the footwear exchange, no pickup', async () => {
    expect(await ask('quem paga o frete da devolução?')).toContain('O frete da devolução por arrependimento é por nossa conta.');
    expect(await ask('em quantos dias recebo o reembolso?')).toContain('em até 10 dias úteis');
    expect(await ask('comprei uma bota e ficou pequena, posso trocar por um número maior?')).toContain('em até 30 dias do recebimento');
    expect(await ask('posso retirar na loja?')).toContain('Retirada na loja: só quando "Retirar na loja" aparece');
  });

  it("answers a product's OEM and equivalent codes, and finds the product from another brand's code", async () => {
    const [p] = (
      (await database.db.execute(
        sql`select title, ref_code as "refCode", oem_codes as "oem", equivalent_codes as "eq" from products where cardinality(oem_codes) > 0 and cardinality(equivalent_codes) > 0 order by id limit 1`,
      )) as unknown as {
        rows: { title: string; refCode: string; oem: string[]; eq: string[] }[];
      }
    ).rows;
    expect(await ask(`quanto custa o ${p!.refCode}?`, 'qual o código original?')).toContain(p!.oem[0]);
    expect(await ask(`quanto custa o ${p!.refCode}?`, 'quais os códigos equivalentes dele?')).toContain(p!.eq.at(-1));
    expect(await ask(`tem o equivalente do ${p!.eq[0]}?`)).toContain(p!.title);
  });

  it('says the store does not sell a category, and offers what is near', async () => {
    expect(await ask('vocês vendem pneu?')).toMatch(/^Não trabalhamos com pneus\./);
    expect(await ask('tem capacete?')).not.toContain('R$');
  });

  it('adds a shipping method to the price before the PIX discount, as the checkout does', async () => {
    // 719,90 + 29,90 (Envio Expresso) = 749,80; −10 % = 674,82.
    const r = await ask('quanto fica o farol do volvo c70 com frete expresso no pix?');
    expect(r).toContain('R$ 749,80');
    expect(r).toContain('R$ 674,82');
  });

  it('keeps a later vehicle detail and a size or colour as refinements of the earlier question', async () => {
    expect(await ask('farol do volvo c70', 'é 2010')).toContain('C70');
    expect(await ask('farol do volvo c70', 'e de outra marca, tem?')).not.toContain('Não sei responder');
  });

  it('answers a question in English in Portuguese', async () => {
    expect(await ask('how much is the headlight for volvo c70?')).toContain('Farol');
  });
});
