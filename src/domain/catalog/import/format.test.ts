import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFleet } from '#src/domain/fitment/vehicles.ts';
import { formatCompatibility, indexFleet, parseCompatibility } from '#src/domain/fitment/compatibility-text.ts';
import { checkRow, formatMoneyCell, parseMoneyCell } from './format.ts';
import { detectDelimiter } from './read.ts';

const fleet = buildFleet([
  { id: 1, type: 'carros', make: 'Volkswagen', makeSlug: 'volkswagen', model: 'Gol', modelSlug: 'gol', version: '1.0 8V Trend', engine: '1.0', yearFrom: 2008, yearTo: 2012 },
  { id: 2, type: 'carros', make: 'Volkswagen', makeSlug: 'volkswagen', model: 'Gol', modelSlug: 'gol', version: '1.0 12V MPI Trendline', engine: '1.0', yearFrom: 2015, yearTo: 2016 },
  { id: 3, type: 'carros', make: 'Volkswagen', makeSlug: 'volkswagen', model: 'Gol', modelSlug: 'gol', version: '1.6 8V Power', engine: '1.6', yearFrom: 2008, yearTo: 2012 },
  { id: 4, type: 'motos', make: 'Honda', makeSlug: 'honda', model: 'CG 160', modelSlug: 'cg-160', version: 'Titan', engine: '160', yearFrom: 2016, yearTo: 2017 },
  { id: 5, type: 'motos', make: 'Honda', makeSlug: 'honda', model: 'CG 160', modelSlug: 'cg-160', version: 'Titan EX', engine: '160', yearFrom: 2016, yearTo: 2017 },
]);
const index = indexFleet(fleet);
const ctx = { brands: new Map([['bosch', 'Bosch']]), fleet: index };
const row = {
  ref: 'A-1',
  titulo: 'Pastilha de Freio',
  descricao: 'Descrição longa o bastante.',
  marca: 'BOSCH',
  categoria: 'Freios',
  tipo_veiculo: 'carros',
  estado: 'novo',
  preco: '1.234,56',
  preco_antigo: '',
  estoque: '3',
};

describe('catalog spreadsheet cells', () => {
  it('reads money with a comma or a dot, and writes it back the same', () => {
    expect(parseMoneyCell('1.234,56')).toBe(123456);
    expect(parseMoneyCell('1234,56')).toBe(123456);
    expect(parseMoneyCell('1234.56')).toBe(123456);
    expect(parseMoneyCell('R$ 99,9')).toBe(9990);
    expect(parseMoneyCell('')).toBeNull();
    expect(parseMoneyCell('dez')).toBeNaN();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (c) => {
        expect(parseMoneyCell(formatMoneyCell(c))).toBe(c);
      }),
    );
  });

  it('maps compatibilidade to fitment rows: make, model, version prefix or exact, years clipped', () => {
    expect(parseCompatibility('Volkswagen Gol 1.0 2010-2016', index)).toEqual({
      ok: true,
      value: {
        rows: [
          { vehicleId: 1, yearFrom: 2010, yearTo: 2012 },
          { vehicleId: 2, yearFrom: 2015, yearTo: 2016 },
        ],
        universal: [],
      },
    });
    expect(parseCompatibility('VW Gol 2008-2008|universal:motos', index)).toEqual({
      ok: true,
      value: {
        rows: [
          { vehicleId: 1, yearFrom: 2008, yearTo: 2008 },
          { vehicleId: 3, yearFrom: 2008, yearTo: 2008 },
        ],
        universal: ['motos'],
      },
    });
    // "Titan" is a version of its own: not "Titan EX".
    expect(parseCompatibility('Honda CG 160 Titan 2016-2017', index)).toEqual({ ok: true, value: { rows: [{ vehicleId: 4, yearFrom: 2016, yearTo: 2017 }], universal: [] } });
    expect(parseCompatibility('Fiat Uno 2010-2014', index)).toEqual({ ok: false, message: 'Veículo desconhecido: "Fiat Uno 2010-2014" (marca não cadastrada).' });
    expect(parseCompatibility('Volkswagen Gol 1.0', index)).toMatchObject({ ok: false });
    expect(parseCompatibility('universal:avioes', index)).toMatchObject({ ok: false });
  });

  it('formatting fitment rows and reading them back gives the same rows', () => {
    const spec = {
      rows: [
        { vehicleId: 2, yearFrom: 2015, yearTo: 2016 },
        { vehicleId: 5, yearFrom: 2017, yearTo: 2017 },
      ],
      universal: ['carros' as const],
    };
    const text = formatCompatibility(spec, fleet);
    expect(text).toBe('Volkswagen Gol 1.0 12V MPI Trendline 2015-2016|Honda CG 160 Titan EX 2017-2017|universal:carros');
    expect(parseCompatibility(text, index)).toEqual({ ok: true, value: spec });
  });

  it('checks a row: known brand in its catalog spelling, category by label, one reason per failure', () => {
    const ok = checkRow(row, 2, ctx);
    expect(ok).toMatchObject({ ok: true, row: { brand: 'Bosch', category: 'freios', priceCents: 123456, oldPriceCents: null, stock: 3 } });
    expect(checkRow({ ...row, marca: 'Acme' }, 5, ctx)).toEqual({ ok: false, line: 5, message: 'Marca desconhecida: "Acme".' });
    expect(checkRow({ ...row, preco_antigo: '1000' }, 2, ctx)).toMatchObject({ ok: false, message: 'O preço antigo deve ser maior que o preço (ou fique vazio).' });
    expect(checkRow({ ...row, estoque: '-1' }, 2, ctx)).toMatchObject({ ok: false });
    expect(checkRow({ ...row, titulo: 'Tí\u0000tulo' }, 2, ctx)).toEqual({ ok: false, line: 2, message: 'Caractere de controle na coluna titulo.' });
  });

  it('detects the separator from the header line', () => {
    expect(detectDelimiter('ref;titulo;preco\n')).toBe(';');
    expect(detectDelimiter('ref,titulo,preco\n')).toBe(',');
    expect(detectDelimiter('ref;titulo,preco;estoque\na,b,c,d,e\n')).toBe(';');
  });
});
