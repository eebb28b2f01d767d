// Act and answer for a product search: what was found (or not), with the size or colour asked, the
// cheapest when a sort was asked, or the first three.
import type { ProductSummary } from '#src/domain/catalog/types.ts';
import { variantsOf } from '../catalog.server.ts';
import type { ProductSearch } from '../catalog.server.ts';
import type { AssistantContext, PartAnswer } from '../types.ts';
import type { Part } from '../understand.ts';
import { describeFilters, productLine, titleNames } from '../wording.ts';

export async function answerSearch(ctx: AssistantContext, part: Part, found: { items: ProductSummary[]; search: ProductSearch | null }): Promise<PartAnswer> {
  const s = part.slots;
  const asked = found.search?.terms.join(' ') || s.productWords.join(' ');
  let items = found.items;
  if (items.length === 0) {
    const forGarage = found.search?.vehicleLabel?.startsWith('seu ') ? ` que sirva no ${found.search.vehicleLabel}` : '';
    return {
      text: `Não encontrei "${asked || 'esse produto'}"${describeFilters(s)}${forGarage} no nosso catálogo. Tente outro termo, como "pastilha de freio", "farol" ou "bateria 60Ah", ou veja as categorias no rodapé.`,
      products: [],
      intent: part.intent,
    };
  }
  if (s.size || s.color) {
    const top = items.slice(0, 12);
    const variants = await variantsOf(
      ctx.db,
      top.map((i) => i.id),
    );
    const fits = (id: number) => variants.filter((v) => v.productId === id && v.stock > 0 && (!s.size || v.size === s.size) && (!s.color || v.color === s.color));
    const wanted = [s.size ? `tamanho ${s.size}` : '', s.color ? `cor ${s.color}` : ''].filter(Boolean).join(' e ');
    const withVariant = top.filter((i) => fits(i.id).length > 0);
    if (withVariant.length === 0) {
      return {
        text: `No momento não temos ${wanted} em estoque para "${asked}". Veja outras opções:\n${items.slice(0, 3).map(productLine).join('\n')}`,
        products: items.slice(0, 3),
        intent: part.intent,
      };
    }
    const shown = withVariant.slice(0, 3);
    return {
      text: `Com ${wanted} em estoque:\n${shown.map((p) => `${productLine(p)} Cores: ${[...new Set(fits(p.id).map((v) => v.color))].join(', ')}.`).join('\n')}`,
      products: shown,
      intent: part.intent,
    };
  }
  const corrected = found.search?.correctedQuery ? `Você quis dizer "${found.search.correctedQuery}"? ` : '';
  const where = found.search?.vehicleLabel ? ` que servem no ${found.search.vehicleLabel}` : describeFilters(s);
  if (s.sort) {
    // The cheapest (or dearest) of what was asked: products whose title names every word, when there are any.
    const terms = found.search?.terms ?? [];
    const named = items.filter((i) => titleNames(i.title, terms));
    items = (named.length > 0 ? named : items).slice(0, 1);
    return { text: `${corrected}${s.sort === 'menor-preco' ? 'O mais barato' : 'O de maior preço'} para "${asked}"${where}:\n${productLine(items[0]!)}`, products: items, intent: part.intent };
  }
  const shown = items.slice(0, 3);
  const what = found.search?.correctedQuery ?? asked;
  const intro = items.length === 1 ? 'Encontrei este produto:' : `Encontrei ${items.length > 3 ? 'estas opções' : `${items.length} opções`}${what ? ` para "${what}"` : ''}${where}:`;
  return { text: `${corrected}${intro}\n${shown.map(productLine).join('\n')}`, products: shown, intent: part.intent };
}
