// OlimpIA reads what the store publishes and keeps the conversation: policy answers quoted from the pages,
// part numbers both ways, categories the store does not sell, totals with a shipping method, English.
import { createTableShipping } from '#src/domain/shipping/service.ts';
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
      last = await answer({ db: database.db, viewer: { userId: null }, shipping: createTableShipping() }, messages);
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

  it("reads a payment question that names a product as that product's price that way", async () => {
    // 719,90 − 5 % (boleto) = 683,91; without the product it was the store's payment rules, with no amount.
    expect(await ask('quero pagar no boleto o farol do volvo c70, quanto da?')).toContain('R$ 683,91');
  });

  it('keeps a later vehicle detail and a size or colour as refinements of the earlier question', async () => {
    expect(await ask('farol do volvo c70', 'é 2010')).toContain('C70');
    expect(await ask('farol do volvo c70', 'e de outra marca, tem?')).not.toContain('Não sei responder');
  });

  const onPage = async (productId: number, content: string) =>
    plain((await answer({ db: database.db, viewer: { userId: null }, shipping: createTableShipping(), pageProductId: productId }, [{ sender: 'user', content }])).resposta);
  const farolId = async () => ((await database.db.execute(sql`select id from products where ref_code = 'MAG-710301A'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

  it('checks the fitment of the product a reference code names', async () => {
    expect(await ask('a peça MAG-710301A serve no meu volvo c70 2010?')).toMatch(/^Sim/);
    expect(await ask('o codigo MAG-710301A é compativel com gol 2015?')).toMatch(/^Não/);
    expect(await onPage(await farolId(), 'isso da no c70 2008?')).toMatch(/^Sim/);
  });

  it("answers from the product page's specifications and description", async () => {
    const id = await farolId();
    expect(await onPage(id, 'qto pesa esse farol?')).toContain('2,85 kg');
    expect(await onPage(id, 'esse farol ja vem com lampada?')).toContain('não inclusas');
  });

  it("says so when a make's model is not in the fleet, instead of showing another model's parts", async () => {
    const r = await ask('tem pastilha de freio pra fiat toro 2020?');
    expect(r).toMatch(/^Não encontrei o Fiat Toro no nosso catálogo de compatibilidade/);
    expect(r).not.toContain('R$');
    expect(await ask('farol do volvo c70')).toContain('C70');
  });

  it('reads everyday position words and "pronta entrega" as the catalog and the stock', async () => {
    expect(await ask('farol do lado do motorista do volvo c70 quanto?')).toContain('Esquerdo');
    expect(await ask('o farol do volvo c70 tem pronta entrega?')).toContain('unidades em estoque');
  });

  it('quotes the freight for a CEP with no product, and calls a short CEP invalid', async () => {
    const r = await ask('qto fica o frete pro cep 01310-100?');
    expect(r).toContain('CEP 01310-100');
    expect(r).toContain('R$ 15,90');
    expect(await ask('qual o valor do frete?', 'meu cep é 13010-000')).toContain('CEP 13010-000');
    expect(await ask('meu cep é 1234, quanto é o frete?')).toContain('inválido');
  });

  it('answers a size and colour from the variant table: yes, or no with the sizes in stock', async () => {
    const { rows } = (await database.db.execute(sql`
      select v.product_id as id, v.size, v.color, v.stock from product_variants v
      where v.color in ('Preto', 'Marrom', 'Cinza', 'Caramelo') order by v.stock > 0 desc, v.product_id, v.size limit 400`)) as unknown as {
      rows: { id: number; size: string; color: string; stock: number }[];
    };
    const inStock = rows.find((r) => r.stock > 0)!;
    expect(await onPage(inStock.id, `tem no ${inStock.size} ${inStock.color.toLowerCase()}?`)).toContain('Sim,');
    // No footwear of the demo catalog is made in 48: "não", with the sizes there are.
    const none = await onPage(inStock.id, `tem no 48 ${inStock.color.toLowerCase()}?`);
    expect(none).toMatch(/^Não: .* não é vendido no tamanho 48/);
    expect(none).toContain(`Tamanhos em estoque: `);
  });

  it('answers a question in English in Portuguese', async () => {
    expect(await ask('how much is the headlight for volvo c70?')).toContain('Farol');
  });
});
