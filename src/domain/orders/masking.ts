// What an order shows to someone who opened it with only its number and e-mail ("Acompanhar pedido"): the
// buyer's documents and address hidden as Brazilian stores and public bodies do (LGPD), enough for the buyer
// to recognise the order and no more. The signed-in owner, the admins and the checkout's own link see it whole.
import type { OrderView } from './view.ts';

/** "52998224725" → "***.982.247-**" (the middle six digits, the format of the federal government's portals). */
export function maskCpf(cpf: string | null): string | null {
  const d = (cpf ?? '').replace(/\D/g, '');
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : cpf ? '***.***.***-**' : null;
}

/** "11987654321" → "(**) *****-4321": only the last four digits. */
export function maskPhone(phone: string | null): string | null {
  const d = (phone ?? '').replace(/\D/g, '');
  return d.length >= 4 ? `(**) *****-${d.slice(-4)}` : phone ? '(**) *****-****' : null;
}

/** The order with CPF, phone, house number, complement, neighbourhood and the CEP's last three digits hidden. */
export function maskOrderForTracking(order: OrderView): OrderView {
  const a = order.address;
  return {
    ...order,
    masked: true,
    customer: order.customer ? { name: order.customer.name, cpf: maskCpf(order.customer.cpf), phone: maskPhone(order.customer.phone) } : null,
    address: { street: a.street, number: '', complement: null, neighborhood: '', city: a.city, state: a.state, cep: a.cep ? `${a.cep.replace(/\D/g, '').slice(0, 5)}***` : a.cep },
  };
}
