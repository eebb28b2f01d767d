import { describe, expect, it } from 'vitest';
import { choiceKeys, choiceLabel, compatibilityTable, coversYear, fitBadge, fitmentKey, mergedYears, overlap, UNIVERSAL_KEYS, verdict } from './rules.ts';
import type { ProductFitment } from './rules.ts';
import type { Vehicle } from './vehicles.ts';

const vehicle = (id: number, model: string, engine: string, version: string, yearFrom: number, yearTo: number, type: Vehicle['type'] = 'carros'): Vehicle => ({
  id,
  type,
  make: type === 'motos' ? 'Honda' : 'Volkswagen',
  makeSlug: type === 'motos' ? 'honda' : 'volkswagen',
  model,
  modelSlug: model.toLowerCase().replace(/\s+/g, '-'),
  version,
  engine,
  yearFrom,
  yearTo,
});

const gol10a = vehicle(1, 'Gol', '1.0', '1.0 12V MPI Trendline', 2015, 2016);
const gol10b = vehicle(2, 'Gol', '1.0', '1.0 12V MPI Trendline', 2017, 2020);
const gol16 = vehicle(3, 'Gol', '1.6', '1.6 8V Highline', 2013, 2016);
const cg160 = vehicle(4, 'CG 160', '160', 'Fan', 2016, 2018, 'motos');

describe('year ranges', () => {
  it('are inclusive on both ends, and no year means any year', () => {
    const r = { yearFrom: 2014, yearTo: 2016 };
    expect([2013, 2014, 2015, 2016, 2017].map((y) => coversYear(r, y))).toEqual([false, true, true, true, false]);
    expect(coversYear(r, null)).toBe(true);
  });

  it('overlap: a part for 2010–2016 on a version built 2013–2020 fits 2013–2016', () => {
    expect(overlap({ yearFrom: 2010, yearTo: 2016 }, { yearFrom: 2013, yearTo: 2020 })).toEqual({ yearFrom: 2013, yearTo: 2016 });
    expect(overlap({ yearFrom: 2010, yearTo: 2012 }, { yearFrom: 2013, yearTo: 2020 })).toBeNull();
    expect(overlap({ yearFrom: 2013, yearTo: 2013 }, { yearFrom: 2013, yearTo: 2020 })).toEqual({ yearFrom: 2013, yearTo: 2013 });
  });
});

describe('verdict', () => {
  const pad: ProductFitment = {
    rows: [
      { vehicle: gol10a, yearFrom: 2015, yearTo: 2016 },
      { vehicle: gol16, yearFrom: 2014, yearTo: 2016 },
    ],
    universalTypes: [],
  };

  it('fits when a row of a chosen version covers the year', () => {
    const v = verdict(pad, { vehicles: [gol10a], year: 2015 });
    expect(v).toMatchObject({ fits: true, how: 'vehicle' });
    expect(verdict(pad, { vehicles: [gol16], year: 2014 }).fits).toBe(true);
  });

  it('does not fit another year or another version, and says what the same model does fit', () => {
    const v = verdict(pad, { vehicles: [gol10b], year: 2018 });
    expect(v.fits).toBe(false);
    if (!v.fits) expect(v.sameModelRows.map((r) => r.vehicle.id).sort()).toEqual([1, 3]);
    expect(verdict(pad, { vehicles: [gol16], year: 2013 }).fits).toBe(false);
  });

  it('a Gol brake pad does not fit a CG 160', () => {
    const v = verdict(pad, { vehicles: [cg160], year: 2017 });
    expect(v.fits).toBe(false);
    if (!v.fits) expect(v.sameModelRows).toEqual([]);
  });

  it('universal parts fit every vehicle of their types, and only those', () => {
    const lamp: ProductFitment = { rows: [], universalTypes: ['carros'] };
    expect(verdict(lamp, { vehicles: [gol10b], year: 2019 })).toEqual({ fits: true, how: 'universal', type: 'carros' });
    expect(verdict(lamp, { vehicles: [cg160], year: 2017 }).fits).toBe(false);
    const tool: ProductFitment = { rows: [], universalTypes: ['carros', 'motos'] };
    expect(verdict(tool, { vehicles: [cg160], year: null }).fits).toBe(true);
  });

  it('with no year, any year the row covers will do', () => {
    expect(verdict(pad, { vehicles: [gol10a], year: null }).fits).toBe(true);
  });
});

describe('compatibilityTable', () => {
  it('joins adjacent year slices of the same version and sorts by vehicle and version', () => {
    const lines = compatibilityTable([
      { vehicle: gol10b, yearFrom: 2017, yearTo: 2019 },
      { vehicle: gol16, yearFrom: 2014, yearTo: 2016 },
      { vehicle: gol10a, yearFrom: 2015, yearTo: 2016 },
    ]);
    expect(lines.map((l) => [l.vehicle, l.version, l.years])).toEqual([
      ['Volkswagen Gol', '1.0 12V MPI Trendline', '2015–2019'],
      ['Volkswagen Gol', '1.6 8V Highline', '2014–2016'],
    ]);
    expect(lines[0]!.vehicleIds).toEqual([1, 2]);
  });

  it('keeps a gap between ranges as two lines', () => {
    const lines = compatibilityTable([
      { vehicle: gol10a, yearFrom: 2015, yearTo: 2015 },
      { vehicle: gol10b, yearFrom: 2018, yearTo: 2020 },
    ]);
    expect(lines.map((l) => l.years)).toEqual(['2015', '2018–2020']);
  });
});

describe('search keys', () => {
  it('are vehicle × year, plus the universal key of the type', () => {
    expect(fitmentKey(12, 2015)).toBe(12 * 256 + 115);
    expect(choiceKeys({ vehicles: [gol10a], year: 2015 })).toEqual({ specific: [fitmentKey(1, 2015)], all: [fitmentKey(1, 2015), UNIVERSAL_KEYS.carros] });
    const anyYear = choiceKeys({ vehicles: [gol10a], year: null });
    expect(anyYear.specific).toEqual([fitmentKey(1, 2015), fitmentKey(1, 2016)]);
    // A version not built that year adds no key.
    expect(choiceKeys({ vehicles: [gol10a, gol10b], year: 2018 }).specific).toEqual([fitmentKey(2, 2018)]);
    expect(new Set([...Array(300).keys()].map((id) => fitmentKey(id, 1900 + (id % 200)))).size).toBe(300);
  });
});

describe('choiceLabel', () => {
  it('names one version by model and engine, several by what they share', () => {
    expect(choiceLabel({ vehicles: [gol10a], year: 2015 })).toBe('Gol 1.0 2015');
    expect(choiceLabel({ vehicles: [gol10a], year: 2015 }, 'full')).toBe('Volkswagen Gol 1.0 12V MPI Trendline 2015');
    expect(choiceLabel({ vehicles: [gol10a, gol10b], year: null })).toBe('Gol 1.0');
    expect(choiceLabel({ vehicles: [gol10a, gol16], year: 2015 })).toBe('Gol 2015');
    expect(choiceLabel({ vehicles: [cg160], year: 2017 })).toBe('CG 160 2017');
  });
});

describe('fitBadge says exactly what was checked', () => {
  const gol10c = vehicle(5, 'Gol', '1.0', '1.0 MPI Track', 2019, 2023);
  const pad: ProductFitment = {
    rows: [
      { vehicle: gol10a, yearFrom: 2015, yearTo: 2016 },
      { vehicle: gol10b, yearFrom: 2017, yearTo: 2017 },
      { vehicle: gol10c, yearFrom: 2019, yearTo: 2021 },
    ],
    universalTypes: [],
  };
  it('names the version and year chosen', () => {
    expect(fitBadge(pad, { vehicles: [gol10a], year: 2015 }, { garage: true })).toEqual({ text: 'Serve no seu Gol 1.0 2015', universal: false });
    expect(fitBadge(pad, { vehicles: [gol10a], year: 2015 }, { garage: false })!.text).toBe('Serve no Gol 1.0 2015');
  });
  it('lists the versions and merged years when only the model is known', () => {
    expect(fitBadge(pad, { vehicles: [gol10a, gol10b, gol10c, gol16], year: null }, { garage: false })!.text).toBe('Serve em Gol 1.0 2015–2017, 2019–2021');
    expect(fitBadge(pad, { vehicles: [gol10a, gol16], year: 2015 }, { garage: false })!.text).toBe('Serve em Gol 1.0 2015');
  });
  it('says universal for universal parts and nothing when it does not fit', () => {
    expect(fitBadge({ rows: [], universalTypes: ['carros'] }, { vehicles: [gol10a, gol16], year: null }, { garage: false })!.text).toBe('Universal: serve em carros');
    expect(fitBadge({ rows: [], universalTypes: ['carros'] }, { vehicles: [gol10a], year: 2015 }, { garage: true })).toEqual({ text: 'Serve no seu Gol 1.0 2015', universal: true });
    expect(fitBadge(pad, { vehicles: [gol16], year: 2015 }, { garage: false })).toBeNull();
  });
  it('merges touching year ranges', () => {
    expect(
      mergedYears([
        { yearFrom: 2019, yearTo: 2021 },
        { yearFrom: 2014, yearTo: 2015 },
        { yearFrom: 2016, yearTo: 2016 },
      ]),
    ).toBe('2014–2016, 2019–2021');
  });
});
