import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS, FEATURED_BRANDS } from '../taxonomy.ts';
import { generateCatalog, generateProduct } from './generate.ts';

const catalog = [...generateCatalog(360)];

describe('demo catalog', () => {
  it('is deterministic', () => {
    expect([...generateCatalog(360)]).toEqual(catalog);
    expect(generateProduct(123)).toEqual(catalog[123]);
  });

  it('starts with the spec sample product', () => {
    expect(catalog[0]).toMatchObject({ title: expect.stringContaining('Farol'), oldPriceCents: 91900, priceCents: 71990, onSale: true });
    expect(catalog[0]!.title).toContain('Volvo C70');
  });

  it('covers every category, the featured brands and plenty of headlights', () => {
    for (const c of CATEGORY_SLUGS) expect(catalog.some((p) => p.category === c), c).toBe(true);
    for (const b of FEATURED_BRANDS) expect(catalog.some((p) => p.brandSlug === b.slug), b.label).toBe(true);
    expect(catalog.filter((p) => /farol|faróis/i.test(p.title)).length).toBeGreaterThanOrEqual(20);
    expect(catalog.some((p) => p.condition === 'usado')).toBe(true);
  });

  it('has consistent prices, discounts and stock', () => {
    for (const p of catalog) {
      expect(Number.isInteger(p.priceCents) && p.priceCents > 0).toBe(true);
      if (p.onSale) {
        expect(p.oldPriceCents).toBeGreaterThan(p.priceCents);
        expect(p.discountPercent).toBe(Math.round((1 - p.priceCents / p.oldPriceCents!) * 100));
      } else {
        expect(p.oldPriceCents).toBeNull();
        expect(p.discountPercent).toBe(0);
      }
      if (p.variants.length > 0) expect(p.stock).toBe(p.variants.reduce((s, v) => s + v.stock, 0));
      expect(p.images).toHaveLength(5);
      for (const img of p.images) expect(img.alt.length).toBeGreaterThan(0);
      expect(p.refCode).toMatch(/^[A-Z]{3}-\d{6}[A-Z]$/);
    }
  });

  it('gives footwear colours and sizes, and nothing else variants', () => {
    const shoes = catalog.filter((p) => p.category === 'calcados');
    expect(shoes.length).toBeGreaterThan(5);
    for (const s of shoes) expect(s.variants.length).toBeGreaterThan(0);
    for (const p of catalog.filter((p) => p.category !== 'calcados')) expect(p.variants).toHaveLength(0);
  });

  it('has unique slugs', () => {
    expect(new Set(catalog.map((p) => p.slug)).size).toBe(catalog.length);
  });
});
