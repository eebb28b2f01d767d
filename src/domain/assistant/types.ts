// The shapes the assistant's parts share: the conversation in, the reply out, and what each step is given.
import type { Db } from '#src/db/client.server.ts';
import type { ProductSummary } from '../catalog/types.ts';
import type { GarageEntry } from '../fitment/repository.server.ts';
import type { ShippingService } from '../shipping/service.ts';
import type { Intent } from './understand.ts';

export interface ChatMessage {
  sender: 'user' | 'bot';
  content: string;
}

export interface SuggestedProduct {
  id: number;
  title: string;
  priceCents: number;
  price: string;
  url: string;
  stock: number;
}

export interface AssistantReply {
  resposta: string;
  produtos: SuggestedProduct[];
  /** The intent of each part answered, first part first; "unknown" below the confidence threshold. */
  intent: Intent | 'unknown';
  intents: (Intent | 'unknown')[];
  confidence: number;
}

export interface AssistantContext {
  db: Db;
  viewer: { userId: string | null };
  /** The shopper's active garage vehicle: product answers list what fits it; "serve no meu carro?" means it. */
  garage?: GarageEntry | null;
  /** The product on the page the shopper is looking at ("quanto fica esse no pix?"). */
  pageProductId?: number | null;
  /** The checkout's shipping service: freight and totals are quoted by it, never from a copy of the table. */
  shipping: ShippingService;
  /** How long a PIX code lasts (PIX_EXPIRY_MINUTES; default DEFAULT_PIX_EXPIRY_MINUTES). */
  pixExpiryMinutes?: number;
}

/** One part's answer: its paragraph, the products it names, and the intent it was answered as. */
export interface PartAnswer {
  text: string;
  products: ProductSummary[];
  intent: Intent | 'unknown';
}
