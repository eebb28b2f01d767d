// Answer, one paragraph per thing asked about a known product: its price, its price by payment method
// (wording.ts), its stock, and its details (reference, promotion, colours and sizes from the variant table).
import type { Db } from '#src/db/client.server.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import type { ProductDetail, ProductSummary } from '#src/domain/catalog/types.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import type { Attribute, Slots } from '../understand.ts';
import { saleText, stockText } from '../wording.ts';
import { specAnswer } from './specs.ts';

export function priceParagraph(p: ProductSummary, s: Slots): string {
  const qty = s.quantity ?? 1;
  return qty > 1
    ? `${qty} unidades de ${p.title} somam ${formatBRL(p.priceCents * qty)} (${formatBRL(p.priceCents)} cada${saleText(p)}); ${stockText(p.stock)}.`
    : `${p.title}: ${formatBRL(p.priceCents)}${saleText(p)}, ${stockText(p.stock)}.`;
}

export const stockParagraph = (p: ProductSummary): string => `${p.title}: ${stockText(p.stock)}.`;

/** The details asked (reference, promotion, colours, sizes), or the whole card when none was named. */
export async function detailsParagraph(db: Db, p: ProductSummary, s: Slots, attrs: Set<Attribute>, question = '', onlySpecs = false): Promise<string | null> {
  const detail = await getProduct(db, p.id);
  if (!detail) return null;
  const bits: string[] = [];
  if (attrs.has('oem') || attrs.has('equivalents')) bits.push(codesSentence(detail, attrs));
  else if (attrs.has('reference')) bits.push(`A referência (REF) de ${detail.title} é ${detail.refCode}.`);
  if (attrs.has('old_price'))
    bits.push(
      detail.onSale && detail.oldPriceCents
        ? `${detail.title} está em promoção: de ${formatBRL(detail.oldPriceCents)} por ${formatBRL(detail.priceCents)} (${detail.discountPercent}% de desconto).`
        : `${detail.title} não está em promoção: o preço é ${formatBRL(detail.priceCents)}.`,
    );
  if (attrs.has('colors') || attrs.has('sizes') || s.size || s.color) {
    const inStock = detail.variants.filter((v) => v.stock > 0);
    if (detail.variants.length === 0) bits.push(`${detail.title} não tem variações de cor ou tamanho.`);
    else {
      const colors = [...new Set(inStock.map((v) => v.color))];
      const sizes = [...new Set(inStock.map((v) => v.size))].sort();
      if (s.size) {
        bits.push(variantSentence(detail, s.size, s.color, sizes));
      } else {
        if (attrs.has('colors') || s.color) bits.push(`Cores de ${detail.title} em estoque: ${colors.join(', ')}.`);
        if (attrs.has('sizes')) bits.push(`Tamanhos de ${detail.title} em estoque: ${sizes.join(', ')}.`);
      }
    }
  }
  // "qto pesa?", "qual o cca?": the page's specifications and description answer it.
  const spec = bits.length === 0 ? specAnswer(question, detail) : null;
  if (spec) bits.push(spec);
  if (onlySpecs) return spec;
  if (bits.length === 0) bits.push(`${detail.title}: ${formatBRL(detail.priceCents)}${saleText(detail)}, ${stockText(detail.stock)}. REF ${detail.refCode}. ${detail.description}`);
  return bits.join(' ');
}

/** "tem no 42 cinza?": yes with the colours in stock, else sold out or not made in it, and the sizes in stock. */
function variantSentence(detail: ProductDetail, size: string, color: string | null, sizesInStock: string[]): string {
  const wanted = detail.variants.filter((v) => v.size === size && (!color || v.color === color));
  const has = wanted.filter((v) => v.stock > 0);
  const what = `tamanho ${size}${color ? ` na cor ${color}` : ''}`;
  if (has.length > 0) return `Sim, ${detail.title} tem ${what} em estoque${color ? '' : ` nas cores ${[...new Set(has.map((v) => v.color))].join(', ')}`}.`;
  const otherColors = color ? [...new Set(detail.variants.filter((v) => v.size === size && v.stock > 0).map((v) => v.color))] : [];
  const inOthers = otherColors.length > 0 ? ` No tamanho ${size} há: ${otherColors.join(', ')}.` : '';
  const sizes = sizesInStock.length > 0 ? ` Tamanhos em estoque: ${sizesInStock.join(', ')}.` : '';
  return wanted.length > 0 ? `Não: ${detail.title} no ${what} está esgotado no momento.${inOthers}${sizes}` : `Não: ${detail.title} não é vendido no ${what}.${inOthers}${sizes}`;
}

/** The product's part numbers asked: the carmaker's (OEM) and other brands' equivalents, as the product page lists them. */
export function codesSentence(detail: ProductDetail, attrs: Set<Attribute>): string {
  const bits = [`REF de ${detail.title}: ${detail.refCode}.`];
  if (attrs.has('oem')) bits.push(detail.oemCodes.length > 0 ? `Código original (montadora): ${detail.oemCodes.join(', ')}.` : 'Não há código original (da montadora) cadastrado para este produto.');
  if (attrs.has('equivalents'))
    bits.push(detail.equivalentCodes.length > 0 ? `Códigos equivalentes: ${detail.equivalentCodes.join(', ')}.` : 'Não há códigos equivalentes cadastrados para este produto.');
  return bits.join(' ');
}
