import { describe, expect, it } from 'vitest';
import { suggest, suggestionPrefix } from './suggestions.ts';
import type { SuggestDeps } from './suggestions.ts';
import type { ProductSummary } from './types.ts';

const product = (id: number, title: string, brand: string): ProductSummary => ({
  id,
  slug: `p-${id}`,
  title,
  brand,
  category: 'eletrica',
  priceCents: 1990 + id,
  oldPriceCents: null,
  onSale: false,
  discountPercent: 0,
  stock: 3,
  image: null,
  rating: null,
});

function deps(found: Record<string, ProductSummary[]>, extra: Partial<SuggestDeps> = {}): SuggestDeps & { searched: string[] } {
  const searched: string[] = [];
  return {
    searched,
    search: async (q) => {
      searched.push(q);
      return found[q] ?? [];
    },
    vehicles: async () => [
      { make: 'Volkswagen', model: 'Gol' },
      { make: 'Volkswagen', model: 'Gol' },
      { make: 'Chevrolet', model: 'Onix' },
      { make: 'Honda', model: 'CG 160' },
    ],
    complete: async (q) => (q === 'vel' ? 'vela' : null),
    codes: async () => [],
    ...extra,
  };
}

describe('suggest', () => {
  it('normalises the prefix: spaces collapsed, lower case, 60 characters at most', () => {
    expect(suggestionPrefix('  Vela   NGK ')).toBe('vela ngk');
    expect(suggestionPrefix('x'.repeat(90))).toHaveLength(60);
  });

  it('asks nothing for text with no letter or digit to search ("𞻰", "!!", "--")', async () => {
    const d = deps({ '𞻰': [product(1, 'Farol', 'Bosch')], '!!': [product(1, 'Farol', 'Bosch')] });
    for (const q of ['𞻰', '!!', '--', '  ..  '.repeat(3)]) expect((await suggest(q, d)).products, q).toEqual([]);
    expect(d.searched).toEqual([]);
  });

  it('asks nothing before the second character', async () => {
    const d = deps({});
    expect((await suggest('v', d)).products).toEqual([]);
    expect(d.searched).toEqual([]);
  });

  it('searches the half-typed last word completed to a catalog word, and as typed when that finds nothing', async () => {
    const vela = [product(1, 'Vela de Ignição NGK', 'NGK')];
    const d = deps({ vela });
    const s = await suggest('Vel', d);
    expect(s.products.map((p) => p.id)).toEqual([1]);
    expect(d.searched).toEqual(['vela']);
    const typo = deps({ amortecdor: [product(2, 'Amortecedor Dianteiro', 'Cofap')] }, { complete: async () => null });
    expect((await suggest('amortecdor', typo)).products.map((p) => p.id)).toEqual([2]);
    expect(typo.searched).toEqual(['amortecdor']);
    const fallback = deps({ velx: [product(3, 'Velx', 'Outra')] }, { complete: async () => 'velxa' });
    expect((await suggest('velx', fallback)).products.map((p) => p.id)).toEqual([3]);
    expect(fallback.searched).toEqual(['velxa', 'velx']);
  });

  it('proposes categories, brands and vehicle models by the start of any of their words, accents aside', async () => {
    const s = await suggest('ilumina', deps({}));
    expect(s.categories).toEqual([{ slug: 'iluminacao', label: 'Iluminação', href: '/ProductList?categoria=iluminacao' }]);
    expect((await suggest('marel', deps({}))).brands).toEqual([{ label: 'Magneti Marelli', href: '/ProductList?marca=magneti-marelli' }]);
    // A brand of a product found, outside the spec's five, opens its search.
    expect((await suggest('hel', deps({ hel: [product(3, 'Farol Hella', 'Hella')] }))).brands).toEqual([{ label: 'Hella', href: '/ProductList?q=Hella' }]);
    // One suggestion per model, however many versions the fleet has.
    expect((await suggest('gol', deps({}))).vehicles).toEqual([{ label: 'Volkswagen Gol', href: '/ProductList?q=Volkswagen+Gol' }]);
    expect((await suggest('cg 1', deps({}))).vehicles).toEqual([{ label: 'Honda CG 160', href: '/ProductList?q=Honda+CG+160' }]);
  });

  it('proposes the codes of the products found that contain what was typed, whatever the dashes and case', async () => {
    const found = [product(7, 'Pastilha de Freio', 'TRW')];
    const s = await suggest('gdb 12', {
      ...deps({ 'gdb 12': found }),
      codes: async () => [{ id: 7, refCode: 'TRW-000001A', oemCodes: ['5U0698151'], equivalentCodes: ['TRW GDB1234', 'Bosch 0986BB0123'] }],
    });
    expect(s.codes).toEqual([]);
    const code = await suggest('gdb123', {
      ...deps({ gdb123: found }),
      codes: async () => [{ id: 7, refCode: 'TRW-000001A', oemCodes: ['5U0698151'], equivalentCodes: ['TRW GDB1234', 'Bosch 0986BB0123'] }],
    });
    expect(code.codes).toEqual([{ code: 'TRW GDB1234', href: '/ProductList?q=TRW+GDB1234' }]);
  });
});
