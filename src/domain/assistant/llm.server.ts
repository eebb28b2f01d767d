// Optional language model for OlimpIA: any OpenAI-compatible chat API, with tool calls into the same
// domain functions the embedded engine uses, so every fact still comes from the database or the pricing
// module. Used only when OLIMPIA_LLM_* is configured; on timeout (10 s) or error, the embedded engine
// answers instead.
import { z } from 'zod';
import { quoteShippingForLines } from '../shipping/quote.server.ts';
import { CEP_FOR_FREIGHT, carrierPriced, cepIn, quoteSentence } from './act/freight.server.ts';
import { store } from '#src/config/store.ts';
import { getProduct } from '../catalog/products.server.ts';
import { formatBRL } from '../pricing/money.ts';
import { answer, facts, loadVocabulary, orderStatus, searchCatalog } from './engine.server.ts';
import { searchFacts } from './knowledge.ts';
import { RETURN_WINDOW_DAYS } from '../returns/windows.ts';
import { extractSlots, normalize } from './understand.ts';
import { fitmentFacts } from './fitment.server.ts';
import type { AssistantContext, AssistantReply, ChatMessage, SuggestedProduct } from './engine.server.ts';

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

const SYSTEM = `Você é a OlimpIA, assistente virtual da ${store.name}, loja on-line de peças automotivas e calçados para dirigir e pilotar.
Responda sempre em português do Brasil, de forma curta e simpática.
Use SOMENTE fatos devolvidos pelas ferramentas: nunca invente produto, preço, estoque, prazo, regra ou status de pedido.
Para produtos, preços e estoque, chame buscar_produtos. Para frete, regras_frete. Para pagamento, regras_pagamento. Para prazos, boleto, PIX, trocas, garantia, nota fiscal, horário e segurança, politicas_loja.
Para saber se uma peça serve num veículo, chame compatibilidade; se o veículo não for reconhecido, diga que não pode confirmar.
Para pedidos, chame status_pedido: ele só enxerga os pedidos do cliente conectado; nunca revele pedidos de outras pessoas.
Nunca divulgue códigos de cupom. Se não souber, diga que não sabe e indique o atendimento: ${store.phone}, ${store.email}.`;

export type StreamEvent = { type: 'delta'; text: string } | { type: 'done'; produtos: SuggestedProduct[]; source: 'llm' | 'embedded' };

/** Streams the reply; falls back to the embedded engine if the model fails before finishing. */
export async function* llmAnswer(ctx: AssistantContext, messages: ChatMessage[], config: LlmConfig): AsyncGenerator<StreamEvent> {
  const produtos = new Map<number, SuggestedProduct>();
  const lastUser = messages.filter((m) => m.sender === 'user').at(-1)?.content ?? '';
  // The AI SDK is loaded only when a model is configured and asked (~25 MB of RSS otherwise idle).
  const [{ createOpenAICompatible }, { stepCountIs, streamText, tool }] = await Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]);
  const provider = createOpenAICompatible({ name: 'olimpia', baseURL: config.baseUrl, apiKey: config.apiKey });
  const tools = {
    buscar_produtos: tool({
      description: 'Busca produtos no catálogo da loja (título, marca, preço, estoque, link).',
      inputSchema: z.object({ consulta: z.string().max(120).describe('O que o cliente procura, por exemplo "pastilha de freio bosch"') }),
      execute: async ({ consulta }) => {
        // The same understanding and search as the embedded engine: brand, vehicle, price limit and sort in the words.
        const { items } = await searchCatalog(ctx, extractSlots(normalize(consulta), await loadVocabulary(ctx.db)));
        return items.slice(0, 5).map((p) => {
          const s = { id: p.id, title: p.title, priceCents: p.priceCents, price: formatBRL(p.priceCents), url: `/ProductView/${p.id}`, stock: p.stock };
          produtos.set(p.id, s);
          return { id: p.id, titulo: p.title, marca: p.brand, preco: s.price, estoque: p.stock, link: s.url };
        });
      },
    }),
    detalhes_produto: tool({
      description: 'Detalhes de um produto pelo id: descrição, referência, preços, estoque e variações.',
      inputSchema: z.object({ id: z.number().int().positive() }),
      execute: async ({ id }) => {
        const p = await getProduct(ctx.db, id);
        if (!p) return { erro: 'Produto não encontrado.' };
        return { titulo: p.title, descricao: p.description, ref: p.refCode, preco: formatBRL(p.priceCents), estoque: p.stock, variacoes: p.variants.map((v) => `${v.color} ${v.size}: ${v.stock}`) };
      },
    }),
    compatibilidade: tool({
      description:
        'Se um produto (pelo id) serve num veículo: marca, modelo e ano em palavras ("onix 2020"), ou o veículo da garagem do cliente quando omitido. Use sempre antes de afirmar compatibilidade.',
      inputSchema: z.object({ id: z.number().int().positive(), veiculo: z.string().max(80).optional().describe('Por exemplo "gol 1.0 2015"') }),
      execute: async ({ id, veiculo }) => fitmentFacts(ctx.db, id, veiculo, ctx.garage ?? null),
    }),
    politicas_loja: tool({
      description: 'Fatos da loja (prazos, vencimento do boleto, validade do PIX, trocas e arrependimento, garantia, nota fiscal, horário, segurança, contato), buscados pela pergunta.',
      inputSchema: z.object({ pergunta: z.string().max(200) }),
      execute: async ({ pergunta }) =>
        searchFacts(pergunta, undefined, { pixExpiryMinutes: ctx.pixExpiryMinutes })
          .slice(0, 2)
          .map((f) => f.fact.text),
    }),
    regras_frete: tool({
      description: 'Regras e valores de frete (sem CEP).',
      inputSchema: z.object({}),
      execute: async () => (carrierPriced(ctx.shipping) ? CEP_FOR_FREIGHT : facts.shippingText()),
    }),
    calcular_frete: tool({
      description: 'Formas de envio, preços e prazos para um CEP (8 dígitos), para um produto (pelo id) ou, sem id, o pacote mínimo. É o mesmo cálculo do checkout.',
      inputSchema: z.object({ cep: z.string().regex(/^\d{5}-?\d{3}$/), id: z.number().int().positive().optional() }),
      execute: async ({ cep, id }) => {
        const digits = cepIn(cep);
        if (!digits) return { erro: 'CEP inválido.' };
        const product = id ? await getProduct(ctx.db, id) : null;
        if (id && !product) return { erro: 'Produto não encontrado.' };
        if (!product && carrierPriced(ctx.shipping)) return { erro: 'Informe o produto: o frete das transportadoras depende do pacote.' };
        const quote = await quoteShippingForLines(ctx.shipping, ctx.db, product ? [{ productId: product.id, quantity: 1 }] : [], digits);
        return quoteSentence(quote, digits, product);
      },
    }),
    regras_pagamento: tool({ description: 'Formas de pagamento, descontos e parcelamento.', inputSchema: z.object({}), execute: async () => facts.paymentText() }),
    status_pedido: tool({
      description: 'Status dos pedidos do cliente conectado (opcionalmente um número de pedido de 8 dígitos).',
      inputSchema: z.object({
        numero: z
          .string()
          .regex(/^#?\d{8}$/)
          .optional(),
      }),
      execute: async ({ numero }) => orderStatus(ctx, numero ?? lastUser),
    }),
    informacoes_loja: tool({
      description: 'Endereço, telefone, e-mail, horário, CNPJ e política de troca da loja.',
      inputSchema: z.object({}),
      execute: async () =>
        `${store.legalName}, CNPJ ${store.cnpj}. ${store.addressLine}. Telefone ${store.phone}. E-mail ${store.email}. Atendimento: ${store.hours}. Direito de arrependimento: ${RETURN_WINDOW_DAYS.withdrawal} dias após o recebimento; defeito: ${RETURN_WINDOW_DAYS.defect} dias; troca de calçado: ${RETURN_WINDOW_DAYS.exchange} dias.`,
    }),
  };

  let streamed = false;
  try {
    const result = streamText({
      model: provider.chatModel(config.model),
      // The product on the shopper's screen, so "esse" means it (the same page context the embedded engine gets).
      system: ctx.pageProductId ? `${SYSTEM}\nO cliente está na página do produto de id ${ctx.pageProductId}: "esse" ou "este" se refere a ele (use detalhes_produto).` : SYSTEM,
      messages: messages.map((m) => ({ role: m.sender === 'user' ? ('user' as const) : ('assistant' as const), content: m.content })),
      tools,
      stopWhen: stepCountIs(5),
      abortSignal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      maxRetries: 0,
      // Errors surface in fullStream and lead to the fallback below; the SDK must not print them.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        streamed = true;
        yield { type: 'delta', text: part.text };
      } else if (part.type === 'error') {
        throw part.error;
      }
    }
    if (!streamed) throw new Error('resposta vazia do modelo');
    yield { type: 'done', produtos: [...produtos.values()].slice(0, 3), source: 'llm' };
  } catch {
    const fallback: AssistantReply = await answer(ctx, messages);
    yield { type: 'delta', text: streamed ? `\n\n${fallback.resposta}` : fallback.resposta };
    yield { type: 'done', produtos: fallback.produtos, source: 'embedded' };
  }
}
