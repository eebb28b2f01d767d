// The spec's product shape (§3), for the compatibility endpoint /api/produtos: prices in reais.
import { centsToReais } from '../pricing/money.ts';
import type { ProductSummary } from './types.ts';

export interface LegacyProduct {
  id: number;
  titulo: string;
  descricao: string;
  valorantigo: number | null;
  valoratual: number;
  desconto: boolean;
  valordesconto: number;
  foto: string | null;
}

export function toLegacyProduct(p: ProductSummary & { description?: string }): LegacyProduct {
  return {
    id: p.id,
    titulo: p.title,
    descricao: p.description ?? p.title,
    valorantigo: p.oldPriceCents === null ? null : centsToReais(p.oldPriceCents),
    valoratual: centsToReais(p.priceCents),
    desconto: p.onSale,
    valordesconto: p.discountPercent,
    foto: p.image?.url ?? null,
  };
}
