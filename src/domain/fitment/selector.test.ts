import { describe, expect, it } from 'vitest';
import { fleetRows } from './seed/fleet.ts';
import { checkVehicleYear, garageActionSchema, nextOptions, resolveSelection, safeReturnPath, selectorData } from './selector.ts';
import { buildFleet } from './vehicles.ts';

const fleet = buildFleet(fleetRows().map(({ family: _f, platform: _p, ...v }) => ({ ...v, type: v.type as never })));
const strict = (input: Record<string, string>) => resolveSelection(fleet, input, 'strict');

describe('resolveSelection', () => {
  it('offers each level filtered by the choices before it', () => {
    const types = strict({});
    expect(types.ok && nextOptions(types.state)).toMatchObject({ level: 'type', options: [{ value: 'carros' }, { value: 'motos' }, { value: 'caminhoes' }] });
    const motos = strict({ tipo: 'motos' });
    expect(motos.ok && nextOptions(motos.state).options.map((o) => o.label)).toEqual(['Honda', 'Yamaha']);
    const honda = strict({ tipo: 'motos', marca: 'honda' });
    expect(honda.ok && nextOptions(honda.state).options.map((o) => o.label)).toContain('CG 160');
    expect(honda.ok && nextOptions(honda.state).options.map((o) => o.label)).not.toContain('Civic');
    const years = strict({ tipo: 'carros', marca: 'volkswagen', modelo: 'gol' });
    expect(years.ok && years.state.next).toBe('year');
    expect(years.ok && years.state.options.year[0]).toEqual({ value: '2023', label: '2023' });
    const versions = strict({ tipo: 'carros', marca: 'volkswagen', modelo: 'gol', ano: '2015' });
    expect(versions.ok && versions.state.options.version.map((o) => o.label)).toEqual([
      '1.0 12V MPI Comfortline',
      '1.0 12V MPI Highline',
      '1.0 12V MPI Trendline',
      '1.6 8V Comfortline',
      '1.6 8V Highline',
      '1.6 8V Rallye',
      '1.6 8V Track',
    ]);
  });

  it('resolves a complete choice to one version', () => {
    const v = strict({ tipo: 'carros', marca: 'volkswagen', modelo: 'gol', ano: '2015' });
    const id = v.ok ? v.state.options.version.find((o) => o.label === '1.0 12V MPI Trendline')!.value : '';
    const done = strict({ tipo: 'carros', marca: 'volkswagen', modelo: 'gol', ano: '2015', versao: id });
    expect(done.ok && done.state.next).toBeNull();
    expect(done.ok && done.state.selection.version).toMatchObject({ model: 'Gol', version: '1.0 12V MPI Trendline' });
    expect(done.ok && selectorData(done.state).values).toEqual({ tipo: 'carros', marca: 'volkswagen', modelo: 'gol', ano: '2015', versao: id });
  });

  it('strict: a wrong or missing earlier step is a pt-BR error', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ tipo: 'aviao' }, /Tipo de veículo inválido/],
      [{ marca: 'honda' }, /Informe o tipo antes da marca/],
      [{ tipo: 'carros', modelo: 'gol' }, /Informe a marca antes do modelo/],
      [{ tipo: 'carros', marca: 'yamaha' }, /Marca não encontrada/],
      [{ tipo: 'carros', marca: 'honda', modelo: 'gol' }, /Modelo não encontrado/],
      [{ tipo: 'carros', marca: 'volkswagen', modelo: 'gol', ano: '1990' }, /não foi fabricado nesse ano/],
      [{ tipo: 'carros', marca: 'volkswagen', modelo: 'gol', ano: '15' }, /Ano inválido/],
      [{ tipo: 'carros', marca: 'volkswagen', modelo: 'gol', ano: '2015', versao: '999999' }, /Versão não encontrada/],
      [{ tipo: 'carros', marca: 'VW<script>' }, /letras minúsculas/],
    ];
    for (const [input, message] of cases) {
      const r = strict(input);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    }
  });

  it('lenient (the no-JavaScript form): stops at the first step that no longer fits', () => {
    const r = resolveSelection(fleet, { tipo: 'motos', marca: 'volkswagen', modelo: 'gol', ano: '2015' }, 'lenient');
    expect(r.ok && r.state.next).toBe('make');
    expect(r.ok && r.state.selection).toMatchObject({ type: 'motos', make: null });
    expect(resolveSelection(fleet, { tipo: 'nada' }, 'lenient')).toMatchObject({ ok: true, state: { next: 'type' } });
  });
});

describe('checkVehicleYear', () => {
  it('accepts a version in its years and explains the others', () => {
    const gol = fleet.vehicles.find((v) => v.model === 'Gol' && v.yearFrom <= 2015 && v.yearTo >= 2015)!;
    expect(checkVehicleYear(fleet, gol.id, 2015)).toMatchObject({ ok: true });
    expect(checkVehicleYear(fleet, gol.id, null)).toMatchObject({ ok: true });
    expect(checkVehicleYear(fleet, gol.id, 1999)).toMatchObject({ ok: false, message: expect.stringMatching(/Ano fora da produção/) });
    expect(checkVehicleYear(fleet, 999_999, 2015)).toEqual({ ok: false, message: 'Veículo não encontrado.' });
  });
});

describe('garage form and return paths', () => {
  it('needs a version and a year to use a vehicle', () => {
    expect(garageActionSchema.safeParse({ intencao: 'usar', versao: '12', ano: '2015' }).success).toBe(true);
    const missing = garageActionSchema.safeParse({ intencao: 'usar', ano: '2015' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('Escolha a versão do veículo.');
    expect(garageActionSchema.safeParse({ intencao: 'limpar' }).success).toBe(true);
    expect(garageActionSchema.safeParse({ intencao: 'apagar-tudo' }).success).toBe(false);
  });

  it('only returns to paths on this site', () => {
    expect(safeReturnPath('/ProductList?q=farol')).toBe('/ProductList?q=farol');
    expect(safeReturnPath('/ProductView/1#compatibilidade')).toBe('/ProductView/1#compatibilidade');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, '/a\r\nSet-Cookie: x=1']) {
      expect(safeReturnPath(bad)).toBe('/ProductList');
    }
  });
});
