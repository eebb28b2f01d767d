// The shipping provider contract: what every carrier source (the embedded table, Melhor Envio, or another
// aggregator) answers. The rest of the store never talks to a carrier API except through this shape:
//   quote    → the services a parcel can go by, with price and business days (required);
//   buyLabel → buys and generates labels for shipments already quoted (optional: the table sells none);
//   track    → the carrier's events for a shipment (optional).
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

export interface LabelRequest {
  /** Our order number, sent as the shipment's tag. */
  orderNumber: string;
  serviceId: string;
  parcel: QuoteParcel;
  recipient: {
    name: string;
    phone: string;
    email: string;
    document: string;
    address: { street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string; cep: string };
  };
}

export interface BoughtLabel {
  /** The provider's shipment id. */
  shipmentId: string;
  trackingCode: string | null;
  labelUrl: string | null;
}

export interface TrackingEvent {
  /** "posted", "in_transit", "delivered"… the provider's status, normalised (tracking.ts). */
  status: 'posted' | 'in_transit' | 'delivered' | 'returned' | 'cancelled' | 'other';
  description: string;
  at: Date;
}

export interface ShippingProvider {
  readonly name: 'table' | 'melhorenvio';
  /** Throws when the provider cannot answer (network, timeout, refusal): the caller falls back to the table. */
  quote(parcel: QuoteParcel, signal?: AbortSignal): Promise<CarrierService[]>;
  buyLabels?(requests: LabelRequest[]): Promise<BoughtLabel[]>;
  track?(shipmentIds: string[]): Promise<Map<string, TrackingEvent[]>>;
}

/** A provider's refusal or failure, in words safe for logs (no personal data). */
export class ShippingProviderError extends Error {}
