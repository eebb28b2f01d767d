import { describe, expect, it } from 'vitest';
import { brandFilterGroups } from './brand-options.ts';

const o = (slug: string, label: string, count: number) => ({ slug, label, count });

describe('brand filter options', () => {
  it('lists the spec’s five first, then the real brands with results, most results first', () => {
    const g = brandFilterGroups([o('philips', 'Philips', 12), o('bosch', 'Bosch', 9), o('hella', 'Hella', 40), o('arteb', 'Arteb', 12), o('delphi', 'Delphi', 0), o('acme', 'Acme', 0)], []);
    expect(g.featured.map((b) => `${b.label} (${b.count})`)).toEqual(['Bosch (9)', 'Magneti Marelli (0)', 'Delphi (0)', 'NGK (0)', 'TRW (0)']);
    expect(g.more.map((b) => `${b.label} (${b.count})`)).toEqual(['Hella (40)', 'Arteb (12)', 'Philips (12)']);
    expect(g.moreOpen).toBe(false);
  });
  it('opens "Mais marcas" when one of its brands is chosen, even with no results left', () => {
    const g = brandFilterGroups([o('hella', 'Hella', 0), o('bosch', 'Bosch', 3)], ['hella']);
    expect(g.more.map((b) => b.slug)).toEqual(['hella']);
    expect(g.moreOpen).toBe(true);
  });
  it('keeps "Outros" while the counts name no other brand', () => {
    expect(brandFilterGroups([o('bosch', 'Bosch', 1), o('outros', 'Outros', 165)], []).more).toEqual([o('outros', 'Outros', 165)]);
    expect(brandFilterGroups([o('outros', 'Outros', 165), o('hella', 'Hella', 165)], []).more.map((b) => b.slug)).toEqual(['hella']);
  });
});
