import { describe, expect, it } from 'vitest';
import { generateProduct } from '#src/domain/catalog/seed/generate.ts';
import { universalKinds, VEHICLES } from '#src/domain/catalog/seed/kinds.ts';
import { FLEET, fleetRows, TITLE_VEHICLES, titleMapping } from './fleet.ts';
import { SIBLING_RULES, titlePattern } from './seed.server.ts';

const rows = fleetRows();
const mapping = titleMapping(rows);
const byId = new Map(rows.map((r) => [r.id, r]));

describe('demo fleet', () => {
  it('has the fleet the issue names', () => {
    const models = new Set(FLEET.map((m) => `${m.make} ${m.model}`));
    for (const m of [
      'Volkswagen Gol',
      'Fiat Uno',
      'Fiat Strada',
      'Chevrolet Onix',
      'Hyundai HB20',
      'Toyota Corolla',
      'Toyota Hilux',
      'Honda Civic',
      'Volvo C70',
      'Honda CG 160',
      'Honda Biz 125',
      'Yamaha Fazer 250',
      'Scania R 450',
      'Volkswagen Constellation',
    ]) {
      expect(models, m).toContain(m);
    }
  });

  it('is unique by type, make, model, version and first year, with sane years', () => {
    const keys = rows.map((r) => `${r.type}|${r.makeSlug}|${r.modelSlug}|${r.version}|${r.yearFrom}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of rows) {
      expect(r.yearFrom).toBeLessThanOrEqual(r.yearTo);
      expect(r.yearFrom).toBeGreaterThanOrEqual(1990);
      expect(r.yearTo).toBeLessThanOrEqual(2030);
    }
  });

  it('covers every title vehicle of the catalog, every year of it, with its own type', () => {
    const titleNames = Object.values(VEHICLES)
      .flat()
      .map((v) => v.name);
    expect(Object.keys(TITLE_VEHICLES).sort()).toEqual([...titleNames].sort());
    for (const [type, list] of Object.entries(VEHICLES)) {
      for (const t of list) {
        const base = mapping.filter((m) => m.name === t.name && m.relation === 'base').map((m) => byId.get(m.vehicleId)!);
        for (let y = t.years[0]; y <= t.years[1]; y++) {
          expect(
            base.some((v) => v.yearFrom <= y && y <= v.yearTo),
            `${t.name} ${y}`,
          ).toBe(true);
        }
        // Siblings too stay within the type: a car part never maps to a motorcycle.
        for (const m of mapping.filter((x) => x.name === t.name)) expect(byId.get(m.vehicleId)!.type, `${t.name} → ${m.vehicleId}`).toBe(type);
      }
    }
  });

  it('gives every fleet vehicle some way to get parts (a title, a platform or an engine)', () => {
    const reached = new Set(mapping.map((m) => m.vehicleId));
    for (const r of rows) expect(reached.has(r.id), `${r.make} ${r.model} ${r.version} ${r.yearFrom}`).toBe(true);
  });

  it('a Gol title reaches VW cars only, a CG 160 title Honda motorcycles only', () => {
    const gol = mapping.filter((m) => m.name === 'VW Gol 1.0').map((m) => byId.get(m.vehicleId)!);
    expect(new Set(gol.map((v) => `${v.type}/${v.make}`))).toEqual(new Set(['carros/Volkswagen']));
    const cg = mapping.filter((m) => m.name === 'Honda CG 160').map((m) => byId.get(m.vehicleId)!);
    expect(new Set(cg.map((v) => `${v.type}/${v.make}`))).toEqual(new Set(['motos/Honda']));
  });

  it('the title pattern reads the vehicle and years back from every non-universal generated title', () => {
    const pattern = new RegExp(titlePattern());
    const universal = new Set(universalKinds().map((k) => k.kind));
    for (let i = 0; i < 3000; i++) {
      const p = generateProduct(i);
      const m = pattern.exec(p.title);
      if (universal.has(p.kind)) {
        expect(m, p.title).toBeNull();
        continue;
      }
      expect(m, p.title).not.toBeNull();
      expect(TITLE_VEHICLES[m![1]!]).toBeDefined();
      expect(Number(m![2])).toBeLessThanOrEqual(Number(m![3]));
      expect(SIBLING_RULES[p.category as keyof typeof SIBLING_RULES]).toBeDefined();
    }
  });
});
