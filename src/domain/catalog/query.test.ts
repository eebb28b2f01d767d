import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastListedPage, MAX_LISTED_RESULTS } from './list-depth.ts';
import { parseCatalogQuery, queryToParams, searchTerms, PAGE_SIZE } from './query.ts';
import { parsePriceParam } from '../pricing/money.ts';
import { CATEGORY_SLUGS, SORT_SLUGS, VEHICLE_SLUGS } from './taxonomy.ts';

const parse = (qs: string, opts?: { maxPageSize: number; defaultPageSize: number }) => parseCatalogQuery(new URLSearchParams(qs), opts);

describe('parseCatalogQuery', () => {
  it('reads no parameter as the defaults', () => {
    expect(parse('')).toEqual({
      ok: true,
      query: {
        q: '',
        brands: [],
        category: null,
        vehicles: [],
        condition: null,
        minPriceCents: null,
        maxPriceCents: null,
        sort: 'relevancia',
        page: 1,
        pageSize: PAGE_SIZE,
        vehicleId: null,
        year: null,
      },
    });
  });

  it('reads a vehicle (version id) and its model year', () => {
    expect(parse('vehicle=12&ano=2015')).toMatchObject({ ok: true, query: { vehicleId: 12, year: 2015 } });
    expect(parse('vehicle=12')).toMatchObject({ ok: true, query: { vehicleId: 12, year: null } });
    expect(parse('vehicle=&ano=')).toMatchObject({ ok: true, query: { vehicleId: null, year: null } });
  });

  it('reads search, filters, sort and page', () => {
    const r = parse('q=  Farol   Volvo &marca=bosch&marca=ngk&marca=bosch&categoria=iluminacao&veiculo=carros&estado=usado&preco_min=1.234,56&preco_max=2000&ordem=menor-preco&pagina=3');
    expect(r).toMatchObject({
      ok: true,
      query: {
        q: 'Farol Volvo',
        brands: ['bosch', 'ngk'],
        category: 'iluminacao',
        vehicles: ['carros'],
        condition: 'usado',
        minPriceCents: 123456,
        maxPriceCents: 200000,
        sort: 'menor-preco',
        page: 3,
      },
    });
  });

  it('maps the spec footer names to categories and treats "Todos" as no filter', () => {
    expect(parse('categoria=Frenagem')).toMatchObject({ ok: true, query: { category: 'freios' } });
    expect(parse('categoria=freio')).toMatchObject({ ok: true, query: { category: 'freios' } });
    expect(parse('categoria=todos')).toMatchObject({ ok: true, query: { category: null } });
    expect(parse('estado=todos')).toMatchObject({ ok: true, query: { condition: null } });
  });

  it("takes any brand of the catalog by its slug, besides the spec's five", () => {
    expect(parse('marca=hella&marca=magneti-marelli&marca=arteb')).toMatchObject({ ok: true, query: { brands: ['hella', 'magneti-marelli', 'arteb'] } });
  });

  it('refuses bad input with a pt-BR message', () => {
    const bad = {
      'ordem=preco': /Ordenação inválida/,
      'pagina=0': /Página inválida/,
      'pagina=abc': /Página inválida/,
      'preco_min=-5': /Preço inválido/,
      'preco_max=abc': /Preço inválido/,
      'preco_min=500&preco_max=100': /mínimo não pode ser maior/,
      'marca=Acme Peças': /Marca inválida/,
      'marca=-hella': /Marca inválida/,
      [Array.from({ length: 21 }, (_, i) => `marca=m${i}`).join('&')]: /no máximo 20 marcas/,
      'categoria=foguetes': /Categoria inválida/,
      'veiculo=aviao': /veículo inválido/,
      'estado=seminovo': /Estado inválido/,
      'limite=500': /Limite inválido/,
      'vehicle=abc': /Veículo inválido/,
      'vehicle=0': /Veículo inválido/,
      'vehicle=12&ano=15': /Ano inválido/,
      'vehicle=12&ano=3000': /Ano inválido/,
      'ano=2015': /Informe o veículo/,
      [`q=${'a'.repeat(10_000)}`]: /no máximo 120 caracteres/,
    };
    for (const [qs, message] of Object.entries(bad)) {
      const r = parse(qs, { maxPageSize: 200, defaultPageSize: 50 });
      expect(r.ok, qs).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    }
  });

  it('round-trips through queryToParams', () => {
    const arb = fc.record({
      q: fc.constantFrom('', 'farol', 'pastilha de freio', 'óleo 5w30'),
      brands: fc.uniqueArray(fc.constantFrom('outros', 'bosch', 'magneti-marelli', 'ngk', 'hella', 'arteb', 'philips'), { maxLength: 3 }),
      category: fc.constantFrom(null, ...CATEGORY_SLUGS),
      vehicles: fc.uniqueArray(fc.constantFrom(...VEHICLE_SLUGS), { maxLength: 3 }),
      condition: fc.constantFrom(null, 'novo' as const, 'usado' as const),
      minPriceCents: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
      maxPriceCents: fc.option(fc.integer({ min: 500_000, max: 9_000_000 }), { nil: null }),
      sort: fc.constantFrom(...SORT_SLUGS),
      page: fc.integer({ min: 1, max: 999 }),
      pageSize: fc.constant(PAGE_SIZE),
      vehicleId: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
      year: fc.option(fc.integer({ min: 1950, max: 2030 }), { nil: null }),
    });
    fc.assert(
      fc.property(arb, (generated) => {
        // A year only travels with its vehicle.
        const query = { ...generated, year: generated.vehicleId === null ? null : generated.year };
        const r = parseCatalogQuery(queryToParams(query));
        expect(r).toEqual({ ok: true, query });
      }),
    );
  });

  it('never throws, whatever the URL', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('q', 'marca', 'categoria', 'pagina', 'preco_min', 'ordem', 'limite', 'vehicle', 'ano', '__proto__'), fc.string()), { maxLength: 8 }), (pairs) => {
        const r = parseCatalogQuery(new URLSearchParams(pairs));
        return typeof r.ok === 'boolean';
      }),
    );
  });
});

describe('parsePriceParam', () => {
  it('reads Brazilian and plain amounts', () => {
    expect(parsePriceParam('150')).toBe(15000);
    expect(parsePriceParam('99,9')).toBe(9990);
    expect(parsePriceParam('1.234,56')).toBe(123456);
    expect(parsePriceParam('1234.56')).toBe(123456);
    expect(parsePriceParam('R$ 10,00')).toBe(1000);
    expect(parsePriceParam('')).toBeNull();
    expect(parsePriceParam('1,2,3')).toBeNaN();
  });
});

describe('searchTerms', () => {
  it('splits on anything but letters and digits, keeps accents for the database to fold', () => {
    expect(searchTerms("  FARÓIS d'água & 'x' | !")).toEqual(['faróis', 'd', 'água', 'x']);
    expect(searchTerms('farol-de-milha 5W30')).toEqual(['farol', 'de', 'milha', '5w30']);
  });
});

describe('lastListedPage', () => {
  it('reaches the first 10,000 results whatever the page size, never less than one page', () => {
    expect(lastListedPage(PAGE_SIZE)).toBe(417);
    expect(lastListedPage(100)).toBe(100);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (size) => {
        const last = lastListedPage(size);
        return last >= 1 && (last - 1) * size < MAX_LISTED_RESULTS && (last * size >= MAX_LISTED_RESULTS || last === 1);
      }),
    );
  });
});
