// What the buyer and the back office read about a return: its statuses, the lines of the order's timeline and
// the e-mail of each step (the outbox sends them as worded messages). Pure.
import { store } from '#src/config/store.ts';
import { formatBRL } from '../pricing/money.ts';
import { REASON_LABELS, RETURN_WINDOW_DAYS } from './windows.ts';
import type { ReturnReason } from './windows.ts';

export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Em análise',
  approved: 'Aprovada: aguardando o envio',
  refused: 'Recusada',
  received: 'Itens recebidos',
};

/** The order timeline's events a return writes (orderEvents.status), and their labels. */
export const RETURN_EVENT_LABELS = {
  return_requested: 'Devolução solicitada',
  return_approved: 'Devolução aprovada',
  return_label: 'Etiqueta de devolução emitida',
  return_refused: 'Devolução recusada',
  return_received: 'Itens devolvidos recebidos',
  return_refunded: 'Reembolso feito',
  return_exchange: 'Pedido de troca criado',
} as const;
export type ReturnEvent = keyof typeof RETURN_EVENT_LABELS;

/** A Correios reverse-logistics authorisation code as the owner types it (letters and digits, no spaces). */
export const CORREIOS_CODE_PATTERN = /^[A-Z0-9]{6,20}$/;
export const CORREIOS_CODE_MESSAGE = 'O código de autorização de postagem dos Correios tem de 6 a 20 letras e números, sem espaços.';

/** The shortest refusal reason the buyer is sent. */
export const MIN_REFUSAL_REASON = 5;

export const isReturnEvent = (status: string): status is ReturnEvent => status in RETURN_EVENT_LABELS;

export interface ReturnWords {
  id: number;
  orderNumber: string;
  reason: ReturnReason;
  /** "2 x Filtro de óleo", one per line. */
  items: string[];
}

const itemsText = (r: ReturnWords) => r.items.join('; ');

/** The timeline's note and the e-mail of each step. */
export function requestedWords(r: ReturnWords) {
  const note = `Devolução nº ${r.id} (${REASON_LABELS[r.reason]}): ${itemsText(r)}.`;
  return {
    note,
    subject: `Recebemos o seu pedido de devolução - pedido #${r.orderNumber}`,
    paragraphs: [
      `Recebemos o seu pedido de devolução nº ${r.id} do pedido #${r.orderNumber}: ${itemsText(r)}.`,
      `Motivo: ${REASON_LABELS[r.reason]}.`,
      'Vamos analisar e responder por e-mail em até 2 dias úteis.',
    ],
  };
}

/** How the buyer sends the items back: a label the store bought, a Correios code the owner typed, or the store's own number. */
export interface ReturnAuthorization {
  /** The store's own return authorisation number (written on the parcel). */
  code: string;
  storePays: boolean;
  /** Table mode: the Correios reverse-logistics authorisation code the owner typed. */
  correiosCode?: string | null;
  /** Carrier mode: the reverse label bought by the store. */
  label?: { url: string; trackingCode: string } | null;
}

export function approvedWords(r: ReturnWords, auth: ReturnAuthorization) {
  const how = auth.label
    ? [`Etiqueta de devolução (paga pela loja): ${auth.label.url}`, `Código de postagem dos Correios: ${auth.label.trackingCode}.`, LABEL_INSTRUCTIONS]
    : auth.correiosCode
      ? [`Código de autorização de postagem dos Correios: ${auth.correiosCode}.`, CORREIOS_CODE_INSTRUCTIONS]
      : [RETURN_SHIPPING_INSTRUCTIONS, auth.storePays ? STORE_PAYS_POSTAGE : 'A postagem é por sua conta.'];
  const paid =
    auth.label || auth.correiosCode ? 'Postagem paga pela loja (logística reversa).' : auth.storePays ? 'Postagem paga pela loja (reembolso junto com os itens).' : 'Postagem por conta do cliente.';
  const extra = auth.label ? ` Etiqueta de devolução: código de postagem ${auth.label.trackingCode}.` : auth.correiosCode ? ` Código de postagem dos Correios: ${auth.correiosCode}.` : '';
  return {
    note: `Devolução nº ${r.id} aprovada. Autorização de devolução: ${auth.code}.${extra} ${paid}`,
    subject: `Devolução aprovada - pedido #${r.orderNumber}`,
    paragraphs: [`A sua devolução nº ${r.id} foi aprovada: ${itemsText(r)}.`, `Número da autorização de devolução: ${auth.code}.`, ...how],
  };
}

/** The label's timeline line (the e-mail is the approval's, sent once the label exists). */
export const labelNote = (r: { id: number }, label: { trackingCode: string; carrier: string | null }) =>
  `Devolução nº ${r.id}: etiqueta de devolução${label.carrier ? ` (${label.carrier})` : ''} comprada pela loja. Código de postagem: ${label.trackingCode}.`;

/** The store pays the return postage: the buyer posts it and gets the postage back with the refund. */
export const STORE_PAYS_POSTAGE = 'A postagem é por nossa conta: guarde o comprovante e envie-o respondendo a este e-mail; o valor da postagem volta junto com o reembolso.';

/** A reverse label bought by the store (Melhor Envio, Correios): print, stick, post. */
export const LABEL_INSTRUCTIONS = `Imprima a etiqueta, cole na embalagem com os itens (de preferência na embalagem original, com acessórios e manual) e poste em uma agência dos Correios em até 7 dias. A postagem já está paga: não há nada a pagar na agência.`;

/** A Correios reverse-logistics authorisation code (the store's contract): shown at the agency, nothing to pay. */
export const CORREIOS_CODE_INSTRUCTIONS = `Embale os itens (de preferência na embalagem original, com acessórios e manual) e leve a uma agência dos Correios com este código em até 7 dias: a postagem é paga pela loja, sem custo para você. Destino: ${store.legalName}, ${store.addressLine}.`;

export function refusedWords(r: ReturnWords, reason: string) {
  return {
    note: `Devolução nº ${r.id} recusada: ${reason}`,
    subject: `Devolução não aprovada - pedido #${r.orderNumber}`,
    paragraphs: [`A sua devolução nº ${r.id} não foi aprovada.`, `Motivo: ${reason}`, 'Se tiver dúvidas, responda a este e-mail ou fale com o nosso atendimento.'],
  };
}

export function receivedWords(r: ReturnWords, refund: { cents: number; exchangeOrder: string | null; postageCents?: number }) {
  const postage = refund.postageCents ? ` (inclui ${formatBRL(refund.postageCents)} da postagem que você pagou)` : '';
  const what = refund.exchangeOrder
    ? `Criamos o pedido de troca #${refund.exchangeOrder}, sem custo: ele segue para separação e envio.${refund.cents > 0 ? ` O valor de ${formatBRL(refund.cents)} da postagem volta pelo mesmo meio de pagamento da compra.` : ''}`
    : refund.cents > 0
      ? `O reembolso de ${formatBRL(refund.cents)}${postage} vai pelo mesmo meio de pagamento da compra.`
      : 'Não há valor a reembolsar.';
  return {
    note: `Devolução nº ${r.id}: itens recebidos e devolvidos ao estoque.`,
    subject: `Recebemos os itens devolvidos - pedido #${r.orderNumber}`,
    paragraphs: [`Recebemos os itens da devolução nº ${r.id}: ${itemsText(r)}.`, what],
  };
}

export function refundedWords(r: ReturnWords, cents: number) {
  return {
    note: `Devolução nº ${r.id}: reembolso de ${formatBRL(cents)} feito pelo meio de pagamento da compra.`,
    subject: `Reembolso feito - pedido #${r.orderNumber}`,
    paragraphs: [
      `O reembolso de ${formatBRL(cents)} da devolução nº ${r.id} foi feito pelo mesmo meio de pagamento da compra.`,
      'No cartão de crédito, o estorno aparece na fatura em até duas faturas, conforme o banco emissor.',
    ],
  };
}

/**
 * How the store's return authorisation is used, for the e-mail and the order page: the buyer posts the parcel to
 * the store with the number on it (the store has no Correios reverse-logistics contract to issue a prepaid code).
 */
export const RETURN_SHIPPING_INSTRUCTIONS = `Embale os itens (de preferência na embalagem original, com acessórios e manual), escreva o número da autorização na embalagem e envie em até 10 dias pelos Correios (PAC) para ${store.legalName}, ${store.addressLine}.`;

/** The windows, as the order page tells the buyer. */
export const WINDOWS_SENTENCE = `Arrependimento: até ${RETURN_WINDOW_DAYS.withdrawal} dias do recebimento. Defeito: até ${RETURN_WINDOW_DAYS.defect} dias. Troca de tamanho ou cor de calçados: até ${RETURN_WINDOW_DAYS.exchange} dias.`;
