// The order confirmation e-mail (plain text and HTML), with the order link that carries its access token.
import { formatBRL } from '../pricing/money.ts';
import { paymentMethod, shippingMethod } from '../pricing/pricing.ts';
import type { OrderView } from './orders.server.ts';
import { formatBoletoLine } from '../payments/format.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function confirmationMail(order: OrderView, orderUrl: string, storeName: string) {
  const lines = order.lines.map((l) => `- ${l.title}${l.color ? ` (${l.color}${l.size ? `, ${l.size}` : ''})` : ''} - ${l.quantity} x ${formatBRL(l.unitPriceCents)}`);
  const pay = paymentMethod(order.paymentMethod).label;
  const instructions =
    order.paymentMethod === 'pix' && order.payment?.pixCode
      ? `Pague com PIX copia e cola (válido por 30 minutos):\n${order.payment.pixCode}`
      : order.paymentMethod === 'boleto' && order.payment?.boletoLine
        ? `Linha digitável do boleto (vence em ${order.payment.boletoDueDate?.split('-').reverse().join('/')}):\n${formatBoletoLine(order.payment.boletoLine)}`
        : order.payment?.cardLast4
          ? `Cartão ${order.payment.cardBrand ?? ''} final ${order.payment.cardLast4}, ${order.installments}x sem juros.`
          : '';
  const text = [
    `Olá! Recebemos o seu pedido #${order.number} na ${storeName}.`,
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
    `Entrega em: ${order.address.street}, ${order.address.number}${order.address.complement ? ` - ${order.address.complement}` : ''}, ${order.address.neighborhood}, ${order.address.city} - ${order.address.state}, CEP ${order.address.cep}`,
    '',
    `Acompanhe o pedido: ${orderUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f1f1f">
<h1 style="font-size:20px">Pedido #${esc(order.number)} recebido</h1>
<p>Obrigado por comprar na ${esc(storeName)}!</p>
<ul>${lines.map((l) => `<li>${esc(l.slice(2))}</li>`).join('')}</ul>
<p><strong>Total: ${esc(formatBRL(order.totalCents))}</strong> (${esc(pay)})</p>
${instructions ? `<pre style="white-space:pre-wrap;background:#f5f5f5;padding:8px">${esc(instructions)}</pre>` : ''}
<p><a href="${esc(orderUrl)}">Acompanhar pedido</a></p>
</body></html>`;
  return { subject: `Pedido #${order.number} recebido - ${storeName}`, text, html };
}
