// The parties of a carrier shipment taken from an order: the buyer, as the recipient of a sale's parcel and
// the sender of a return's (reverse logistics), with the order's name, contacts, CPF and delivery address.
import type { ShipmentParty } from './provider.ts';

/** What an order row holds about its buyer and delivery address (orders' columns). */
export interface OrderBuyer {
  customerName: string | null;
  customerPhone: string | null;
  customerCpf: string | null;
  email: string;
  street: string;
  streetNumber: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  cep: string;
}

/** The buyer as a carrier party: the name given at checkout (else the e-mail), phone, CPF and the order's address. */
export function buyerParty(order: OrderBuyer): ShipmentParty {
  return {
    name: order.customerName ?? order.email,
    phone: order.customerPhone ?? '',
    email: order.email,
    document: order.customerCpf,
    address: { street: order.street, number: order.streetNumber, complement: order.complement, neighborhood: order.neighborhood, city: order.city, state: order.state, cep: order.cep },
  };
}
