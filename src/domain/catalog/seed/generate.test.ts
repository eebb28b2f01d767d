import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseArtPath } from '../art.ts';
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
    for (const c of CATEGORY_SLUGS)
      expect(
        catalog.some((p) => p.category === c),
        c,
      ).toBe(true);
    for (const b of FEATURED_BRANDS)
      expect(
        catalog.some((p) => p.brandSlug === b.slug),
        b.label,
      ).toBe(true);
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

  it('keeps every seeded title, price and stock beside the codes and specs', () => {
    const h = createHash('sha256');
    for (const p of generateCatalog(1500)) h.update(JSON.stringify([p.slug, p.title, p.priceCents, p.oldPriceCents, p.stock, p.refCode, p.variants]));
    expect(h.digest('hex')).toBe(PINNED);
  });

  it('gives parts OEM numbers, equivalents of other brands and a specifications table with weight and box size', () => {
    expect(catalog[0]).toMatchObject({ refCode: 'MAG-710301A', oemCodes: ['30698811', '31299927'] });
    expect(catalog[0]!.equivalentCodes.length).toBeGreaterThan(0);
    const parts = catalog.filter((p) => p.category !== 'calcados');
    expect(parts.filter((p) => p.oemCodes.length > 0).length).toBeGreaterThan(parts.length / 2);
    expect(parts.filter((p) => p.equivalentCodes.length > 0).length).toBeGreaterThan(parts.length / 2);
    for (const p of catalog) {
      const labels = p.specs.map((s) => s.label);
      expect(
        labels.some((l) => /^Peso/.test(l)),
        p.title,
      ).toBe(true);
      expect(
        labels.some((l) => /^Dimensões/.test(l)),
        p.title,
      ).toBe(true);
      for (const e of p.equivalentCodes) expect(e.startsWith(`${p.brand} `), p.title).toBe(false);
    }
    const battery = catalog.find((p) => /^Bateria 60Ah/.test(p.title))!;
    expect(battery.specs).toEqual(
      expect.arrayContaining([
        { label: 'Tensão', value: '12 V' },
        { label: 'Capacidade', value: '60 Ah' },
      ]),
    );
    const pads = catalog.find((p) => /^Pastilhas de Freio Dianteiras/.test(p.title))!;
    expect(pads.specs).toEqual(expect.arrayContaining([{ label: 'Posição', value: 'Dianteira' }]));
  });

  it('draws each shoe in its first colour on sale and says nothing about vehicles in its description', () => {
    for (const s of catalog.filter((p) => p.category === 'calcados')) {
      const color = parseArtPath(s.images[0]!.url)!.color;
      expect([...s.variants.map((v) => v.color)].sort()[0]!.toLowerCase().replace('azul-', '')).toBe(color);
      expect(s.description).not.toMatch(/serve|veícul|compatível|universal/i);
      expect(s.oemCodes).toEqual([]);
    }
  });
});

// Computed from the catalog before issue 17 (commit 7de79bd): ids, titles, prices and stock must not move.
const PINNED = '69277730aff1afcdefa4a45ac7f5a8ce967906c6934719eef5931c49bdcb4d3c';
