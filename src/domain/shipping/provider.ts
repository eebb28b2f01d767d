// The shipping provider contract: what every carrier source (the embedded table, Melhor Envio, or another
// aggregator) answers. The rest of the store never talks to a carrier API except through this shape:
//   quote    → the services a parcel can go by, with price and business days (required);
//   labels   → buys and generates labels for shipments already quoted (optional: the table sells none);
//   track    → the carrier's code and events for a shipment (optional).
// Returns and reverse logistics call the same three with `from`/`to` swapped (docs/shipping.md).
import type { Cents } from '../pricing/money.ts';

/** One product line of a parcel, with what carriers price on. Sizes in cm, weight in grams. */
export interface ParcelItem {
  productId: number;
  quantity: number;
  unitPriceCents: Cents;
  weightGrams: number | null;
  heightCm: number | null;
  widthCm: number | null;
  lengthCm: number | null;
}

export interface QuoteParcel {
  /** 8 digits. */
  fromCep: string;
  /** 8 digits. */
  toCep: string;
  items: ParcelItem[];
}

/** A service the provider can ship the parcel by. */
export interface CarrierService {
  /** Stable within the provider: "standard", "express" (table) or "me-1" (Melhor Envio's service 1). */
  id: string;
  /** What the shopper reads: "Envio Padrão", "PAC", "SEDEX". */
  label: string;
  /** "Correios", "Jadlog"; null for the table's own services. */
  carrier: string | null;
  priceCents: Cents;
  minDays: number;
  maxDays: number;
}

/** A party of a shipment (the store, or the buyer). */
export interface ShipmentParty {
  name: string;
  phone: string;
  email: string;
  /** CPF (11 digits) of a person; a company sends its CNPJ (14 digits) in `companyDocument`. */
  document: string | null;
  companyDocument?: string | null;
  address: { street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string; cep: string };
}

export interface LabelRequest {
  /** Our order number, sent as the shipment's tag. */
  orderNumber: string;
  /** The provider's service the buyer chose (Melhor Envio's numeric id, "1" for Correios PAC). */
  serviceId: string;
  parcel: QuoteParcel;
  /** Product names for the declaração de conteúdo. */
  contents: { name: string; quantity: number; unitPriceCents: Cents }[];
  /** The nota fiscal's key when the store issued one; null: a declaração de conteúdo goes with the parcel. */
  invoiceKey: string | null;
  sender: ShipmentParty;
  recipient: ShipmentParty;
}

/**
 * A return's reverse-logistics label: the buyer (sender) posts the returned items to the store (recipient), and
 * the store pays. Carriers offer it on the Correios only (PAC or SEDEX), in one volume.
 */
export interface ReverseLabelRequest {
  /** Sent as the shipment's tag: "Devolução 12 do pedido 12345678". */
  tag: string;
  /** Correios PAC ("1") or SEDEX ("2"), the only services with reverse logistics. */
  serviceId: '1' | '2';
  /** The outbound shipment's id at the provider when its label was bought there (the provider already has the addresses). */
  originalShipmentId: string | null;
  /** The returned items, from the buyer's CEP to the store's. */
  parcel: QuoteParcel;
  contents: { name: string; quantity: number; unitPriceCents: Cents }[];
  /** The key of the order's NF-e (the carrier's cart carries it; null: a declaração de conteúdo). */
  invoiceKey: string | null;
  sender: ShipmentParty;
  recipient: ShipmentParty;
}

/** What a provider says about a shipment: its carrier code (once generated) and the carrier's events so far. */
export interface ShipmentStatus {
  trackingCode: string | null;
  events: TrackingEvent[];
}

export interface TrackingEvent {
  /** Stable per shipment ("posted", "delivered"): an event already written is not written again. */
  key: string;
  status: 'posted' | 'in_transit' | 'delivered' | 'returned' | 'cancelled' | 'other';
  /** pt-BR, what the shopper reads on the order's timeline. */
  description: string;
  at: Date;
}

/**
 * Buying labels, as the aggregators do it: each shipment added to the provider's cart (its id kept), the
 * cart paid (checkout), the labels generated and printed (one PDF for all). Each step may be retried alone.
 */
export interface LabelPurchase {
  addToCart(request: LabelRequest): Promise<{ shipmentId: string; carrier: string | null; service: string | null }>;
  checkout(shipmentIds: string[]): Promise<void>;
  generate(shipmentIds: string[]): Promise<void>;
  print(shipmentIds: string[]): Promise<{ url: string }>;
  /** A reverse-logistics shipment (a return) into the cart; then checkout, generate and print as any label. */
  addReverseToCart?(request: ReverseLabelRequest): Promise<{ shipmentId: string; carrier: string | null; service: string | null }>;
}

export interface ShippingProvider {
  readonly name: 'table' | 'melhorenvio';
  /** Throws when the provider cannot answer (network, timeout, refusal): the caller falls back to the table. */
  quote(parcel: QuoteParcel, signal?: AbortSignal): Promise<CarrierService[]>;
  /** Absent for the table: the owner prints the store's own label and types the Correios code. */
  labels?: LabelPurchase;
  /** The shipments' status by the provider's id (those it does not know are left out). */
  track?(shipmentIds: string[]): Promise<Map<string, ShipmentStatus>>;
}

/** A provider's refusal or failure, in words safe for logs (no personal data). */
export class ShippingProviderError extends Error {}
