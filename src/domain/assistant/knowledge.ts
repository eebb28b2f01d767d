// OlimpIA's knowledge base: the store's policies written as single facts, each built from the store
// configuration or the pricing and payment constants (never a copied number), and found by similarity
// (TF-IDF cosine over folded word stems) among the facts of the question's intent.
import { store } from '#src/config/store.ts';
import { BOLETO_DUE_DAYS, DEFAULT_PIX_EXPIRY_MINUTES } from '../payments/provider.ts';
import { formatBRL } from '../pricing/money.ts';
import { MAX_INSTALLMENTS, MIN_INSTALLMENT_CENTS, PAYMENT_METHODS, paymentMethod } from '../pricing/pricing.ts';
import { CART_FREIGHT_CENTS, SHIPPING_METHODS } from '../shipping/table.ts';
import { RETURN_WINDOW_DAYS } from '../returns/windows.ts';
import { pageSentence } from './passages.ts';
import { bag } from './text.ts';

export interface Fact {
  id: string;
  intent: string;
  /** Words a question about this fact tends to use (besides the fact's own words). */
  about: string;
  text: string;
}

export const contact = () => `${store.phone} ou ${store.email} (${store.hours})`;

export const shippingText = () =>
  `No carrinho, o frete é estimado em ${formatBRL(CART_FREIGHT_CENTS)} para qualquer CEP válido do Brasil. No checkout você escolhe a forma de envio, que substitui a estimativa: ` +
  SHIPPING_METHODS.map((m) => `${m.label} por ${formatBRL(m.priceCents)} (${m.days})`).join(' ou ') +
  '. O prazo conta a partir da confirmação do pagamento.';

export const paymentText = () => {
  const card = PAYMENT_METHODS.find((m) => m.id === 'credit')!;
  const others = PAYMENT_METHODS.filter((m) => m.discountPercent > 0).map((m) => `${m.label} com ${m.discountPercent}% de desconto sobre o total`);
  return (
    `Formas de pagamento: ${card.label} em até ${MAX_INSTALLMENTS}x sem juros (cada parcela de no mínimo ${formatBRL(MIN_INSTALLMENT_CENTS)}, ` +
    `ou seja, até ${MAX_INSTALLMENTS} parcelas ou o total dividido por ${formatBRL(MIN_INSTALLMENT_CENTS)}, o que for menor), ${others.join(' e ')}.`
  );
};

const pixText = (minutes: number) => {
  const pix = paymentMethod('pix');
  return `No ${pix.label}, o QR Code (ou o copia e cola) vale por ${minutes} minutos e o total tem ${pix.discountPercent}% de desconto. O pedido passa para "Pago" assim que o pagamento é verificado.`;
};

export function facts(): Fact[] {
  const pix = paymentMethod('pix');
  const boleto = paymentMethod('boleto');
  const days = RETURN_WINDOW_DAYS.withdrawal;
  return [
    { id: 'freight', intent: 'shipping', about: 'frete valor quanto custa envio entrega cep todo brasil entregam mandam estado cidade transportadora correios', text: shippingText() },
    {
      id: 'delivery-time',
      intent: 'shipping',
      about: 'prazo entrega quanto tempo demora chega dias uteis quando chega sedex expresso rapido',
      text: `Prazos de entrega: ${SHIPPING_METHODS.map((m) => `${m.label} em ${m.days} (${formatBRL(m.priceCents)})`).join(' e ')}, contados a partir da confirmação do pagamento. Entregamos em qualquer CEP válido do Brasil.`,
    },
    {
      id: 'tracking',
      intent: 'shipping',
      about: 'rastreio rastrear codigo rastreamento correios acompanhar entrega',
      text: 'Quando o pedido é enviado, o código de rastreio aparece no pedido, em "Meus pedidos". Pergunte "cadê meu pedido?" depois de entrar na conta e eu mostro o status.',
    },
    { id: 'methods', intent: 'payment_info', about: 'formas pagamento aceita aceitam pagar cartao credito debito parcela parcelar vezes juros', text: paymentText() },
    {
      id: 'installments',
      intent: 'payment_info',
      about: 'parcela minima parcelar vezes juros dividir cartao credito quantas vezes valor minimo',
      text: `No ${paymentMethod('credit').label}, até ${MAX_INSTALLMENTS}x sem juros, com parcela mínima de ${formatBRL(MIN_INSTALLMENT_CENTS)} (até ${MAX_INSTALLMENTS} parcelas ou o total dividido por ${formatBRL(MIN_INSTALLMENT_CENTS)}, o que for menor).`,
    },
    {
      id: 'boleto',
      intent: 'payment_info',
      about: 'boleto vence vencimento prazo pagar paguei dias compensar compensacao confirma confirmar demora banco linha digitavel',
      text: `O ${boleto.label} vence em ${BOLETO_DUE_DAYS} dias e tem ${boleto.discountPercent}% de desconto sobre o total. O pedido é confirmado quando o banco compensa o pagamento e nós o verificamos; o boleto pode ser impresso na página do pedido.`,
    },
    {
      id: 'pix',
      intent: 'payment_info',
      about: 'pix expira validade minutos qr code copia cola tempo pagar confirma confirmar paguei demora',
      text: pixText(DEFAULT_PIX_EXPIRY_MINUTES),
    },
    {
      id: 'discounts',
      intent: 'payment_info',
      about: 'desconto pix boleto a vista mais barato qual pagamento mais desconto',
      text: `Descontos por forma de pagamento: ${pix.label} com ${pix.discountPercent}% de desconto e ${boleto.label} com ${boleto.discountPercent}% de desconto, sobre o total do pedido (frete incluído). No cartão, até ${MAX_INSTALLMENTS}x sem juros.`,
    },
    {
      id: 'withdrawal',
      intent: 'returns',
      about: 'devolver devolucao arrependimento desistir desisti reembolso estorno dinheiro de volta cancelar comprei errado quanto tempo dias recebo postagem frete quem paga',
      text: `Você pode desistir da compra em até ${days} dias a contar do recebimento (direito de arrependimento, art. 49 do Código de Defesa do Consumidor), com reembolso integral. ${pageSentence('Devolvemos o valor integral')} ${pageSentence('O frete da devolução')} Peça a devolução na página do pedido, em "Devolver ou trocar itens"; dúvidas, fale com o atendimento: ${contact()}.`,
    },
    {
      id: 'exchange',
      intent: 'returns',
      about: 'troca trocar defeito nao serviu errada quebrada veio errado tamanho diferente numero maior menor pequeno grande apertado bota tenis calcado sapato cor',
      text: `Para devolver ou trocar um produto, use "Devolver ou trocar itens" na página do pedido: por defeito, em até ${RETURN_WINDOW_DAYS.defect} dias do recebimento; por desistência, em até ${days} dias. ${pageSentence('Calçados podem ser trocados')} Dúvidas: ${contact()}.`,
    },
    {
      id: 'warranty',
      intent: 'warranty',
      about: 'garantia fabricante defeito tempo quanto tempo nova novo usada usado',
      text: `${pageSentence('Peças novas têm a garantia legal')} Os produtos novos saem com nota fiscal. As peças usadas são originais, revisadas e testadas pela nossa equipe, com garantia de ${store.policies.usedPartWarrantyDays} dias. ${pageSentence('Resolvemos em até')} Para acionar a garantia: ${contact()}.`,
    },
    {
      id: 'invoice',
      intent: 'invoice',
      about: 'nota fiscal nfe emitem emite cnpj cpf danfe',
      text: `Sim, os produtos novos são vendidos com nota fiscal e garantia do fabricante. Dúvidas sobre a nota de um pedido: ${contact()}.`,
    },
    {
      id: 'hours',
      intent: 'store_info',
      about: 'horario atendimento abre abrem fecha funciona funcionam domingo sabado feriado hora',
      text: `Nosso atendimento funciona: ${store.hours}. A loja on-line aceita pedidos a qualquer hora.`,
    },
    {
      id: 'pickup',
      intent: 'store_info',
      about: 'retirar retirada retiro pegar buscar pessoalmente balcao loja fisica',
      text: `${pageSentence('Retirada na loja: só quando')} Endereço da empresa: ${store.addressLine}.`,
    },
    { id: 'address', intent: 'store_info', about: 'endereco onde fica loja fisica rua cidade estado sp sao paulo', text: `Endereço: ${store.addressLine}.` },
    {
      id: 'contact',
      intent: 'store_info',
      about: 'telefone contato whatsapp email ligar falar atendente pessoa humano sac numero',
      text: `Fale com a gente pelo telefone ${store.phone} ou pelo e-mail ${store.email}. Atendimento: ${store.hours}.`,
    },
    { id: 'company', intent: 'store_info', about: 'cnpj razao social empresa confiavel quem sao', text: `${store.legalName}, CNPJ ${store.cnpj}, ${store.addressLine}.` },
    {
      id: 'signup',
      intent: 'account',
      about: 'criar conta cadastro cadastrar registrar login entrar',
      text: 'Para criar uma conta, clique em "Cadastre-se" no topo da página e informe e-mail, nome completo e uma senha de pelo menos 8 caracteres.',
    },
    {
      id: 'guest',
      intent: 'account',
      about: 'preciso precisa obrigatorio ter cadastro conta para comprar sem conta visitante',
      text: 'Não é obrigatório ter conta para comprar: basta informar o e-mail no checkout e acompanhar o pedido pelo link do e-mail de confirmação. Com uma conta (clique em "Cadastre-se") você vê todos os pedidos em "Meus pedidos".',
    },
    {
      id: 'password',
      intent: 'account',
      about: 'senha esqueci lembro recuperar trocar redefinir acessar',
      text: 'Esqueceu a senha? Em "Entrar", use "Esqueci minha senha" e enviaremos um link por e-mail, válido por 1 hora.',
    },
    {
      id: 'coupon',
      intent: 'coupon',
      about: 'cupom codigo desconto voucher promocional',
      text: 'Se você tem um cupom de desconto, digite o código no campo "Cupom de desconto" do carrinho: o desconto aparece no resumo. Não divulgo códigos por aqui.',
    },
    {
      id: 'card-data',
      intent: 'security',
      about: 'seguro seguranca cartao guardam salvam cvv numero confiavel golpe',
      text: 'Comprar aqui é seguro: nunca guardamos o número completo do cartão nem o código de segurança (CVV); do cartão ficam só a bandeira e os quatro últimos dígitos. Preços e totais são sempre calculados pelo nosso servidor.',
    },
    {
      id: 'personal-data',
      intent: 'security',
      about: 'dados pessoais lgpd privacidade vendem compartilham email endereco informacoes',
      text: 'Guardamos apenas o necessário para entregar o seu pedido e atender você (nome, e-mail, endereço e itens comprados), conforme a LGPD. Cada cliente só enxerga os próprios pedidos e endereços.',
    },
    {
      id: 'identity',
      intent: 'chitchat',
      about: 'robo bot pessoa humano quem e voce nome ia inteligencia artificial',
      text: `Sou a OlimpIA, assistente virtual da ${store.name}: respondo sobre produtos, preços, frete, pagamento e pedidos. Para falar com uma pessoa: ${contact()}.`,
    },
    {
      id: 'how-are-you',
      intent: 'chitchat',
      about: 'tudo bem como vai beleza kkk haha rs legal show',
      text: 'Tudo ótimo por aqui! Sou a OlimpIA. Posso buscar peças, calcular preços no PIX, no boleto ou parcelado, e tirar dúvidas de frete e pedidos.',
    },
    {
      id: 'complaint',
      intent: 'chitchat',
      about: 'burro nao entende ruim pessimo inutil lixo errado nao ajudou',
      text: `Desculpe! Eu sou a OlimpIA e posso ter entendido errado: tente dizer a peça e o veículo (por exemplo, "pastilha de freio do gol 2015") ou fale com uma pessoa: ${contact()}.`,
    },
  ];
}

interface Indexed {
  fact: Fact;
  vector: Map<string, number>;
  norm: number;
}

let index: { idf: Map<string, number>; items: Indexed[] } | null = null;

function build() {
  const all = facts();
  const docs = all.map((f) => bag(`${f.about} ${f.about} ${f.text}`));
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = new Map([...df].map(([w, n]) => [w, Math.log(1 + all.length / n)]));
  const items = all.map((fact, i) => {
    const vector = new Map<string, number>();
    for (const w of docs[i]!) vector.set(w, (vector.get(w) ?? 0) + idf.get(w)!);
    const norm = Math.sqrt([...vector.values()].reduce((s, x) => s + x * x, 0));
    return { fact, vector, norm };
  });
  return { idf, items };
}

const PAYMENT_FACT: Record<string, string> = { pix: 'pix', boleto: 'boleto', credit: 'installments' };

/**
 * The facts of an intent ranked by similarity to the question, best first, with their scores. A payment
 * method the question names (its slot) lifts the fact about that method.
 */
export function searchFacts(question: string, intent?: string, opts: { payment?: string | null; pixExpiryMinutes?: number } = {}): { fact: Fact; score: number }[] {
  index ??= build();
  const q = new Map<string, number>();
  for (const w of bag(question)) if (index.idf.has(w)) q.set(w, (q.get(w) ?? 0) + index.idf.get(w)!);
  const qNorm = Math.sqrt([...q.values()].reduce((s, x) => s + x * x, 0)) || 1;
  return index.items
    .filter((i) => !intent || i.fact.intent === intent)
    .map((i) => {
      let dot = 0;
      for (const [w, x] of q) dot += x * (i.vector.get(w) ?? 0);
      // The PIX fact is indexed with the default validity and read with the store's (PIX_EXPIRY_MINUTES).
      const fact = i.fact.id === 'pix' && opts.pixExpiryMinutes !== undefined ? { ...i.fact, text: pixText(opts.pixExpiryMinutes) } : i.fact;
      return { fact, score: dot / (qNorm * i.norm) + (opts.payment && i.fact.id === PAYMENT_FACT[opts.payment] ? 0.2 : 0) };
    })
    .sort((a, b) => b.score - a.score);
}
