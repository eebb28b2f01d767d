// Act, the shopper's orders: only the signed-in shopper's own, by number or the latest three.
import { formatDate } from '#src/platform/datetime.ts';
import { findOrderFor, listOrdersForUser } from '#src/domain/orders/read.server.ts';
import { STATUS_LABELS } from '#src/domain/orders/status.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import type { AssistantContext, PartAnswer } from '../types.ts';
import type { Part } from '../understand.ts';
import { UNKNOWN_TEXT } from '../wording.ts';

export async function orderStatus(ctx: AssistantContext, text: string): Promise<string> {
  if (!ctx.viewer.userId) {
    return 'Para consultar pedidos, entre na sua conta (botão "Entrar" no topo). Se você comprou sem conta, use o link "Acompanhar pedido" do e-mail de confirmação.';
  }
  const m = /#?\b(\d{8})\b/.exec(text);
  const number = m ? m[1]! : null;
  const describe = (o: OrderView) => {
    const updated = o.events.at(-1)?.createdAt ?? o.createdAt;
    const tracking = o.status === 'shipped' && o.trackingCode ? ` Código de rastreio: ${o.trackingCode}.` : '';
    return `Pedido #${o.number}: ${STATUS_LABELS[o.status]} (atualizado em ${formatDate(updated)}), total ${formatBRL(o.totalCents)}.${tracking}`;
  };
  if (number) {
    // Only the signed-in shopper's own orders: no token is accepted here.
    const order = await findOrderFor(ctx.db, number, { userId: ctx.viewer.userId });
    return order ? describe(order) : `Não encontrei o pedido #${number} na sua conta. Confira o número em "Meus pedidos".`;
  }
  const orders = await listOrdersForUser(ctx.db, ctx.viewer.userId, 3);
  if (orders.length === 0) return 'Você ainda não tem pedidos nesta conta.';
  return `Seus pedidos mais recentes:\n${orders.map((o) => `• ${describe(o)}`).join('\n')}`;
}

const ABOUT_AN_ORDER = /\b(pedido|pedidos|compra|compras|encomenda|rastre\w*|entreg\w*|envia\w*|enviou|chegou|chega|saiu|status|situacao|comprei)\b/;

export async function orderStatusPart(ctx: AssistantContext, part: Part): Promise<PartAnswer> {
  // An order question names an order, a purchase or its delivery; anything else was misread.
  if (!part.slots.orderNumber && !ABOUT_AN_ORDER.test(part.text)) return { text: UNKNOWN_TEXT(), products: [], intent: 'unknown' };
  return { text: await orderStatus(ctx, part.text), products: [], intent: part.intent };
}
