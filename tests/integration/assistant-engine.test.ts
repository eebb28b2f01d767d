// OlimpIA's engine (understand → act → answer) on a real database, PGlite and PostgreSQL: multi-part
// questions, follow-ups from the conversation, the product on the page, filters, and the honest "não sei".
import { createTableShipping } from '#src/domain/shipping/service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '#src/domain/assistant/engine.server.ts';
import type { ChatMessage } from '#src/domain/assistant/engine.server.ts';
import { store } from '#src/config/store.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe.each(DATABASE_KINDS)('OlimpIA engine on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 60 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const ask = async (turns: string[], opts: { pageProductId?: number } = {}) => {
    const messages: ChatMessage[] = [];
    let last = null as Awaited<ReturnType<typeof answer>> | null;
    for (const content of turns) {
      messages.push({ sender: 'user', content });
      last = await answer({ db: database.db, viewer: { userId: null }, pageProductId: opts.pageProductId ?? null, shipping: createTableShipping() }, messages);
      messages.push({ sender: 'bot', content: last.resposta });
    }
    return { ...last!, resposta: plain(last!.resposta) };
  };

  it('answers every part of a multi-part question, with computed prices', async () => {
    const r = await ask(['quanto fica o farol do volvo c70 no pix e qual o valor do frete?']);
    expect(r.intents).toEqual(['product_payment', 'shipping']);
    expect(r.resposta).toContain('R$ 647,91'); // 719,90 − 10 %
    expect(r.resposta).toContain('R$ 40,00');
    expect(r.resposta.split('\n\n')).toHaveLength(2);
    expect(r.produtos[0]!.url).toBe('/ProductView/1');
  });

  it('follows the conversation: "e no boleto?" and "tinha desconto antes?" keep the product', async () => {
    expect((await ask(['quanto custa o farol do volvo c70?', 'e no boleto?'])).resposta).toContain('R$ 683,91');
    expect((await ask(['quanto custa o farol do volvo c70?', 'tinha desconto antes?'])).resposta).toContain('R$ 919,00');
  });

  it('uses the product on the page for "esse"', async () => {
    const r = await ask(['quanto fica esse no pix?'], { pageProductId: 1 });
    expect(r.resposta).toContain('Farol Dianteiro Esquerdo Volvo C70');
    expect(r.resposta).toContain('R$ 647,91');
    const parcel = await ask(['da pra pagar esse em 5x?'], { pageProductId: 1 });
    expect(parcel.resposta).toContain('5 parcelas de R$ 143,98');
  });

  it('reads the knowledge base from the store constants', async () => {
    expect((await ask(['o boleto vence em quantos dias?'])).resposta).toContain('3 dias');
    expect((await ask(['qnto tempo tenho pra pagar o pix'])).resposta).toContain('30 minutos');
    expect((await ask(['vcs emitem nfe?'])).resposta).toContain('nota fiscal');
  });

  it('says it does not know, with the contacts, instead of a random product', async () => {
    const r = await ask(['quem ganhou a copa de 2002?']);
    expect(r.resposta).toContain('Não sei responder isso');
    expect(r.resposta).toContain(store.phone);
    expect(r.produtos).toEqual([]);
  });
});

describe('chat API page context', () => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seedProducts: 60 });
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('accepts an optional contexto.productId and refuses a bad one with 400 in pt-BR', async () => {
    const res = await t.request('POST', '/api/chat', { mensagens: [{ sender: 'user', content: 'quanto fica esse no pix?' }], contexto: { productId: 1 } });
    expect(res.status).toBe(200);
    expect(plain(((await res.json()) as { resposta: string }).resposta)).toContain('R$ 647,91');
    for (const contexto of [{ productId: 'um' }, { productId: -3 }, { productId: 1e12 }, 'x']) {
      const bad = await t.request('POST', '/api/chat', { mensagens: [{ sender: 'user', content: 'oi' }], contexto });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { erro: string }).erro).toMatch(/Contexto inválido/);
    }
  });
});
