// The order e-mails (plain text and HTML): the confirmation, with the order link that carries its access
// token, and one message per status change (paid; shipped, with the tracking link; delivered; cancelled,
// with the reason). Every date is in Brasília time.
import { formatBRL } from '../pricing/money.ts';
import { paymentMethod, shippingMethod } from '../pricing/pricing.ts';
import { formatDateTime } from '../../platform/datetime.ts';
import type { OrderView } from './view.ts';
import { formatBoletoLine } from '../payments/format.ts';
import { trackingUrl } from './tracking.ts';
import { escapeHtml } from '../../platform/html.ts';

export const ORDER_EMAIL_KINDS = ['confirmation', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const cpfText = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const greeting = (order: OrderView) => (order.customer ? `Olá, ${order.customer.name.split(' ')[0]}!` : 'Olá!');

function page(title: string, paragraphs: string[], link: { href: string; label: string }): string {
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f1f1f">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</body></html>`;
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
          ? `Cartão ${order.payment.cardBrand ?? ''} final ${order.payment.cardLast4}, ${order.installments}x sem juros.`
          : '';
  const buyer = order.customer ? `Comprador: ${order.customer.name}${order.customer.cpf ? `, CPF ${cpfText(order.customer.cpf)}` : ''}` : '';
  const text = [
    `${greeting(order)} Recebemos o seu pedido #${order.number} na ${storeName} em ${formatDateTime(order.createdAt)} (horário de Brasília).`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatBRL(order.subtotalCents)}`,
    ...(order.couponDiscountCents ? [`Desconto do cupom: -${formatBRL(order.couponDiscountCents)}`] : []),
    `Frete (${shippingMethod(order.shippingMethod).label}): ${formatBRL(order.shippingCents)}`,
    ...(order.paymentDiscountCents ? [`Desconto ${pay}: -${formatBRL(order.paymentDiscountCents)}`] : []),
    `Total: ${formatBRL(order.totalCents)}`,
    `Pagamento: ${pay}`,
    instructions,
    '',
    ...(buyer ? [buyer] : []),
    `Entrega em: ${order.address.street}, ${order.address.number}${order.address.complement ? ` - ${order.address.complement}` : ''}, ${order.address.neighborhood}, ${order.address.city} - ${order.address.state}, CEP ${order.address.cep}`,
    '',
    `Acompanhe o pedido: ${orderUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f1f1f">
<h1 style="font-size:20px">Pedido #${escapeHtml(order.number)} recebido</h1>
<p>${escapeHtml(greeting(order))} Obrigado por comprar na ${escapeHtml(storeName)}!</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l.slice(2))}</li>`).join('')}</ul>
<p><strong>Total: ${escapeHtml(formatBRL(order.totalCents))}</strong> (${escapeHtml(pay)})</p>
${instructions ? `<pre style="white-space:pre-wrap;background:#f5f5f5;padding:8px">${escapeHtml(instructions)}</pre>` : ''}
${buyer ? `<p>${escapeHtml(buyer)}</p>` : ''}
<p><a href="${escapeHtml(orderUrl)}">Acompanhar pedido</a></p>
</body></html>`;
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
  const link = { href: orderUrl, label: 'Acompanhar pedido' };
  const n = `#${order.number}`;
  const total = formatBRL(order.totalCents);
  let subject: string;
  let lines: string[];
  let html: string[];
  switch (kind) {
    case 'paid':
      subject = `Pagamento aprovado - pedido ${n}`;
      lines = [`Recebemos o pagamento de ${total} do pedido ${n}${when}. Agora separamos os seus itens para envio.`];
      html = lines.map(escapeHtml);
      break;
    case 'shipped': {
      const code = data.trackingCode ?? order.trackingCode ?? '';
      const url = code ? trackingUrl(code) : '';
      subject = `Pedido ${n} enviado`;
      lines = [`O pedido ${n} foi enviado${when}.`, ...(code ? [`Código de rastreio (Correios): ${code}`, `Rastreie em: ${url}`] : [])];
      html = [escapeHtml(`O pedido ${n} foi enviado${when}.`), ...(code ? [`Código de rastreio (Correios): <a href="${escapeHtml(url)}">${escapeHtml(code)}</a>`] : [])];
      break;
    }
    case 'delivered':
      subject = `Pedido ${n} entregue`;
      lines = [`O pedido ${n} foi entregue${when}. Esperamos que goste! Conte como foi avaliando o pedido.`];
      html = lines.map(escapeHtml);
      break;
    case 'cancelled': {
      const reason = data.note?.trim() || 'cancelado pela loja';
      subject = `Pedido ${n} cancelado`;
      lines = [`O pedido ${n} foi cancelado${when}.`, `Motivo: ${reason}.`.replace(/\.\.$/, '.'), 'Os itens voltaram ao estoque. Se quiser, faça um novo pedido na loja.'];
      html = lines.map(escapeHtml);
      break;
    }
  }
  const text = [greeting(order), '', ...lines, '', `Acompanhe o pedido: ${orderUrl}`, '', storeName].join('\n');
  return { subject: `${subject} - ${storeName}`, text, html: page(subject, [escapeHtml(greeting(order)), ...html], link) };
}
