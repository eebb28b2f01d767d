import { describe, expect, it } from 'vitest';
import { buildFleet } from './vehicles.ts';
import type { Vehicle } from './vehicles.ts';
import { compatibilityLines, fitmentGroups, parseCompatibility } from './product-form.ts';

const v = (id: number, engine: string, version: string, yearFrom: number, yearTo: number): Vehicle => ({
  id,
  type: 'carros',
  make: 'Volkswagen',
  makeSlug: 'volkswagen',
  model: 'Gol',
  modelSlug: 'gol',
  version,
  engine,
  yearFrom,
  yearTo,
});
const fleet = buildFleet([v(1, '1.0', '1.0 8V Trend', 2008, 2013), v(2, '1.0', '1.0 12V Trendline', 2014, 2022), v(3, '1.6', '1.6 Highline', 2013, 2016)]);

describe('seller compatibility lines', () => {
  it('lists models and engines with the years they were built', () => {
    expect(fitmentGroups(fleet)).toEqual([
      { key: 'volkswagen/gol/1.0', label: 'Volkswagen Gol 1.0', make: 'Volkswagen', type: 'carros', yearFrom: 2008, yearTo: 2022 },
      { key: 'volkswagen/gol/1.6', label: 'Volkswagen Gol 1.6', make: 'Volkswagen', type: 'carros', yearFrom: 2013, yearTo: 2016 },
    ]);
  });
  it('turns "Gol 1.0 2012–2016" into one row per version, clipped to its years', () => {
    const r = parseCompatibility({ compat_veiculo_1: 'volkswagen/gol/1.0', compat_de_1: '2012', compat_ate_1: '2016' }, ['motos', 'motos'], fleet);
    expect(r).toMatchObject({
      ok: true,
      value: {
        rows: [
          { vehicleId: 1, yearFrom: 2012, yearTo: 2013 },
          { vehicleId: 2, yearFrom: 2014, yearTo: 2016 },
        ],
        universal: ['motos'],
      },
    });
    expect(compatibilityLines(r.ok ? r.value.rows : [], fleet)).toEqual([{ vehicle: 'volkswagen/gol/1.0', from: '2012', to: '2016' }]);
  });
  it('says what is wrong, line by line', () => {
    const r = parseCompatibility(
      {
        compat_veiculo_1: 'x/y/z',
        compat_veiculo_2: 'volkswagen/gol/1.6',
        compat_de_2: '2016',
        compat_ate_2: '2014',
        compat_veiculo_3: 'volkswagen/gol/1.6',
        compat_de_3: '2020',
        compat_ate_3: '2021',
      },
      ['avioes'],
      fleet,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(['compat_de_2', 'compat_de_3', 'compat_veiculo_1', 'universal']);
  });
  it('ignores empty lines and fills empty years with the model years', () => {
    const r = parseCompatibility({ compat_veiculo_2: 'volkswagen/gol/1.6' }, [], fleet);
    expect(r).toMatchObject({ ok: true, value: { rows: [{ vehicleId: 3, yearFrom: 2013, yearTo: 2016 }] } });
  });
});
