import { describe, expect, it } from 'vitest';
import { facetsFromRows } from './facets.ts';
import type { FacetRow } from './facets.ts';

const row = (g: number, keys: Partial<FacetRow>, n: Partial<FacetRow> = {}): FacetRow => ({
  g,
  brand_key: null,
  category: null,
  vehicle_type: null,
  condition: null,
  n_brand: 0,
  n_category: 0,
  n_vehicle: 0,
  n_condition: 0,
  n_all: 0,
  ...keys,
  ...n,
});

describe('facetsFromRows', () => {
  it("reads each grouping set as its facet, lists every option in the taxonomy's order (other brands after the spec's five), and totals the brand rows", () => {
    const rows = [
      row(0b0111, { brand_key: 'bosch' }, { n_brand: 7, n_all: 5 }),
      row(0b0111, { brand_key: 'hella' }, { n_brand: 3, n_all: 2 }),
      row(0b1011, { category: 'iluminacao' }, { n_category: 9, n_all: 7 }),
      row(0b1101, { vehicle_type: 'carros' }, { n_vehicle: 6, n_all: 7 }),
      row(0b1110, { condition: 'novo' }, { n_condition: 4, n_all: 7 }),
    ];
    const { facets, total } = facetsFromRows(rows);
    expect(total).toBe(7);
    expect(facets.brands.map((o) => [o.slug, o.count])).toEqual([
      ['bosch', 7],
      ['magneti-marelli', 0],
      ['delphi', 0],
      ['ngk', 0],
      ['trw', 0],
      ['hella', 3],
    ]);
    expect(facets.categories.find((o) => o.slug === 'iluminacao')).toEqual({ slug: 'iluminacao', label: 'Iluminação', count: 9 });
    expect(facets.vehicles.map((o) => o.count)).toEqual([6, 0, 0]);
    expect(facets.conditions.map((o) => [o.slug, o.count])).toEqual([
      ['novo', 4],
      ['usado', 0],
    ]);
  });

  it('reads grouping bits and counts that arrive as text', () => {
    const { facets, total } = facetsFromRows([row('7' as unknown as number, { brand_key: 'ngk' }, { n_brand: '2' as unknown as number, n_all: '2' as unknown as number })]);
    expect(total).toBe(2);
    expect(facets.brands.find((o) => o.slug === 'ngk')?.count).toBe(2);
  });

  it('gives zero for every option when nothing matches', () => {
    const { facets, total } = facetsFromRows([]);
    expect(total).toBe(0);
    expect([...facets.brands, ...facets.categories, ...facets.vehicles, ...facets.conditions].every((o) => o.count === 0)).toBe(true);
  });
});
