// The order e-mails: the confirmation, with the order link that carries its access token, and one message
// per status change (paid; invoiced, with the nota's number and key; shipped, with the tracking link; delivered; cancelled, with the reason). Every
// date is in Brasília time. This module writes the words: the subject, the plain text, and what the HTML
// part shows (`OrderMailHtml`, plain data). The HTML itself is a React component outside the domain
// (src/emails/), handed to the outbox as `RenderOrderMailHtml`.
import { store } from '#src/config/store.ts';
import { formatBRL } from '../pricing/money.ts';
import { installmentPlan, paymentMethod } from '../pricing/pricing.ts';
import { SHIPPING_METHODS } from '../shipping/table.ts';
import { arrivalDate, formatDeliveryDate } from '../shipping/delivery.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import type { OrderView } from './view.ts';
import { formatBoletoLine } from '../payments/format.ts';
import { trackingCodeLabel, trackingUrl } from './tracking.ts';

export const ORDER_EMAIL_KINDS = ['confirmation', 'paid', 'invoiced', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];
/** A return's step (src/domain/returns), worded by that domain and stored with the e-mail: return:<id>:<step>. */
export type ReturnEmailKind = `return:${number}:${string}`;
export const isReturnEmailKind = (kind: string): kind is ReturnEmailKind => /^return:[0-9]+:[a-z]+$/.test(kind);

/** What the HTML part of an order e-mail shows: texts already worded and formatted, links already built. */
export type OrderMailHtml =
  | {
      kind: 'confirmation';
      title: string;
      /** "Olá, Maria! Obrigado por comprar na Olimpo Peças!" */
      intro: string;
      /** One per item: "Filtro de óleo (Preto, M) - 2 x R$ 39,90". */
      lines: string[];
      /** "Total: R$ 1.234,56" */
      total: string;
      /** The payment method's name, shown after the total. */
      payment: string;
      /** The PIX code, boleto line or card summary, kept as written (line breaks included); '' when none. */
      instructions: string;
      /** "Comprador: Maria Silva, CPF 123.456.789-09"; '' when the order has no buyer. */
      buyer: string;
      /** "Entrega em: …, CEP 01310-100" */
      address: string;
      /** "Prazo de entrega: 5-7 dias úteis após a confirmação do pagamento (previsão: até …)" */
      delivery: string;
      orderUrl: string;
    }
  | {
      kind: 'status';
      title: string;
      /** Paragraphs of plain text, the greeting first. */
      paragraphs: string[];
      /** The shipment's tracking code, its label and the carrier's tracking link, shown after the paragraphs. */
      tracking: { code: string; url: string; label: string } | null;
      orderUrl: string;
    };

/** Renders an order e-mail's HTML part (src/emails/render.server.ts). */
export type RenderOrderMailHtml = (mail: OrderMailHtml) => Promise<string>;

export interface MailContent {
  subject: string;
  text: string;
  html: OrderMailHtml;
}

/** The store's identity and service channels, closing every e-mail (CDC / Decreto 7.962/2013). */
export const SERVICE_FOOTER = [`${store.legalName} · CNPJ ${store.cnpj}`, `Atendimento: ${store.phone} · ${store.email} · ${store.hours}`] as const;

const cepText = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);
const cpfText = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const greeting = (order: OrderView) => (order.customer ? `Olá, ${order.customer.name.split(' ')[0]}!` : 'Olá!');

/** "3x de R$ 411,52 sem juros" (the first installment may differ by the centavos of rounding). */
function installmentsText(order: OrderView): string {
  if (order.installments <= 1) return 'à vista';
  const plan = installmentPlan(order.totalCents, order.installments);
  const first = plan.firstCents !== plan.eachCents ? ` (a primeira de ${formatBRL(plan.firstCents)})` : '';
  return `${plan.count}x de ${formatBRL(plan.eachCents)} sem juros${first}`;
}

export function confirmationMail(order: OrderView, orderUrl: string, storeName: string): MailContent {
  const lines = order.lines.map((l) => `- ${l.title}${l.color ? ` (${l.color}${l.size ? `, ${l.size}` : ''})` : ''} - ${l.quantity} x ${formatBRL(l.unitPriceCents)}`);
  const pay = paymentMethod(order.paymentMethod).label;
  const instructions =
    order.paymentMethod === 'pix' && order.payment?.pixCode
      ? `Pague com PIX copia e cola${order.payment.pixExpiresAt ? ` (válido até ${formatDateTime(order.payment.pixExpiresAt)}, horário de Brasília)` : ''}:\n${order.payment.pixCode}`
      : order.paymentMethod === 'boleto' && order.payment?.boletoLine
        ? `Linha digitável do boleto (vence em ${order.payment.boletoDueDate?.split('-').reverse().join('/')}):\n${formatBoletoLine(order.payment.boletoLine)}`
        : order.payment?.cardLast4
          ? `Cartão ${order.payment.cardBrand ?? ''} final ${order.payment.cardLast4}, ${installmentsText(order)}.`
          : order.paymentMethod === 'credit' && order.status === 'awaiting_payment'
            ? `Pague com o cartão na página do pedido: ${orderUrl}`
            : '';
  const delivery = deliveryText(order);
  const address = `Entrega em: ${order.address.street}, ${order.address.number}${order.address.complement ? ` - ${order.address.complement}` : ''}, ${order.address.neighborhood}, ${order.address.city} - ${order.address.state}, CEP ${cepText(order.address.cep)}`;
  const buyer = order.customer ? `Comprador: ${order.customer.name}${order.customer.cpf ? `, CPF ${cpfText(order.customer.cpf)}` : ''}` : '';
  const text = [
    `${greeting(order)} Recebemos o seu pedido #${order.number} na ${storeName} em ${formatDateTime(order.createdAt)} (horário de Brasília).`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatBRL(order.subtotalCents)}`,
    ...(order.couponDiscountCents ? [`Desconto do cupom: -${formatBRL(order.couponDiscountCents)}`] : []),
    `Frete (${order.shippingLabel}): ${formatBRL(order.shippingCents)}`,
    ...(order.pickupCode ? [`Retire na loja: ${store.addressLine} (${store.hours}). Código de retirada: ${order.pickupCode}`] : []),
    ...(order.paymentDiscountCents ? [`Desconto ${pay}: -${formatBRL(order.paymentDiscountCents)}`] : []),
    `Total: ${formatBRL(order.totalCents)}`,
    `Pagamento: ${pay}`,
    instructions,
    '',
    ...(buyer ? [buyer] : []),
    address,
    delivery,
    '',
    `Acompanhe o pedido: ${orderUrl}`,
    '',
    ...SERVICE_FOOTER,
  ].join('\n');
  const html: OrderMailHtml = {
    kind: 'confirmation',
    title: `Pedido #${order.number} recebido`,
    intro: `${greeting(order)} Obrigado por comprar na ${storeName}!`,
    lines: lines.map((l) => l.slice(2)),
    total: `Total: ${formatBRL(order.totalCents)}`,
    payment: pay,
    instructions,
    buyer,
    address,
    delivery,
    orderUrl,
  };
  return { subject: `Pedido #${order.number} recebido - ${storeName}`, text, html };
}

/** One status change: what happened, with the tracking link or the reason when there is one. */
export function statusMail(
  kind: Exclude<OrderEmailKind, 'confirmation'>,
  order: OrderView,
  orderUrl: string,
  storeName: string,
  data: { note?: string | null; trackingCode?: string | null; at?: string },
): MailContent {
  const when = data.at ? ` em ${formatDateTime(data.at)} (horário de Brasília)` : '';
  const n = `#${order.number}`;
  const total = formatBRL(order.totalCents);
  let subject: string;
  let lines: string[];
  let tracking: { code: string; url: string; label: string } | null = null;
  switch (kind) {
    case 'paid':
      subject = `Pagamento aprovado - pedido ${n}`;
      lines = [`Recebemos o pagamento de ${total} do pedido ${n}${when}. Agora separamos os seus itens para envio.`];
      break;
    case 'invoiced':
      subject = `Nota fiscal do pedido ${n}`;
      lines = [
        `A nota fiscal eletrônica (NF-e) do pedido ${n} foi emitida${when}.`,
        ...(data.note ? [data.note] : []),
        'Na página do pedido você abre o DANFE (para ver ou imprimir) e baixa o XML da nota.',
      ];
      break;
    case 'shipped': {
      const code = data.trackingCode ?? order.trackingCode ?? '';
      const url = code ? trackingUrl(code) : '';
      subject = `Pedido ${n} enviado`;
      lines = [`O pedido ${n} foi enviado${when}.`, ...(code ? [`${trackingCodeLabel(code)}: ${code}`, `Rastreie em: ${url}`] : [])];
      if (code) tracking = { code, url, label: trackingCodeLabel(code) };
      break;
    }
    case 'delivered':
      subject = `Pedido ${n} entregue`;
      lines = [`O pedido ${n} foi entregue${when}. Esperamos que goste! Conte como foi avaliando o pedido.`];
      break;
    case 'cancelled': {
      const reason = data.note?.trim() || 'cancelado pela loja';
      subject = `Pedido ${n} cancelado`;
      lines = [`O pedido ${n} foi cancelado${when}.`, `Motivo: ${reason}.`.replace(/\.\.$/, '.'), 'Os itens voltaram ao estoque. Se quiser, faça um novo pedido na loja.'];
      break;
    }
  }
  const text = [greeting(order), '', ...lines, '', `Acompanhe o pedido: ${orderUrl}`, '', storeName, ...SERVICE_FOOTER].join('\n');
  // The HTML shows the tracking code as a link, in place of the text's two lines.
  const paragraphs = tracking ? lines.slice(0, 1) : lines;
  return { subject: `${subject} - ${storeName}`, text, html: { kind: 'status', title: subject, paragraphs: [greeting(order), ...paragraphs], tracking, orderUrl } };
}

/** An e-mail worded elsewhere (a return's step): its subject and paragraphs, with the greeting, order link and footer. */
export function wordedMail(order: OrderView, orderUrl: string, storeName: string, words: { subject: string; paragraphs: string[] }): MailContent {
  const text = [greeting(order), '', ...words.paragraphs, '', `Acompanhe o pedido: ${orderUrl}`, '', storeName, ...SERVICE_FOOTER].join('\n');
  return { subject: `${words.subject} - ${storeName}`, text, html: { kind: 'status', title: words.subject, paragraphs: [greeting(order), ...words.paragraphs], tracking: null, orderUrl } };
}

/** The delivery estimate of the option charged: the table's wording ("5-7 dias úteis") or the carrier's last day; none for pickup. */
function deliveryText(order: OrderView): string {
  if (order.pickupCode || order.shippingMaxDays == null) return '';
  const days = SHIPPING_METHODS.find((m) => m.id === order.shippingMethod)?.days ?? `até ${order.shippingMaxDays} dias úteis`;
  return `Prazo de entrega: ${days} após a confirmação do pagamento (previsão: até ${formatDeliveryDate(arrivalDate(new Date(order.createdAt), order.shippingMaxDays))})`;
}
