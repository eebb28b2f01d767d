import { describe, expect, it } from 'vitest';
import { fleetRows } from './seed/fleet.ts';
import { buildFleet } from './vehicles.ts';
import { parseVehicleWords, vehicleTokens } from './words.ts';

const fleet = buildFleet(fleetRows().map(({ family: _f, platform: _p, ...v }) => ({ ...v, type: v.type as never })));
const models = (r: ReturnType<typeof parseVehicleWords>) => [...new Set(r!.vehicles.map((v) => v.model))].sort();
const engines = (r: ReturnType<typeof parseVehicleWords>) => [...new Set(r!.vehicles.map((v) => v.engine))].sort();

describe('vehicleTokens', () => {
  it('folds accents and case and splits letters from digits, keeping engines whole', () => {
    expect(vehicleTokens('Pastilha HB20 1,0 Flex')).toEqual(['pastilha', 'hb', '20', '1.0', 'flex']);
    expect(vehicleTokens('CG160 Titan')).toEqual(['cg', '160', 'titan']);
    expect(vehicleTokens('Constellation 24.280.')).toEqual(['constellation', '24.280']);
    expect(vehicleTokens('up!')).toEqual(['up']);
  });
});

describe('parseVehicleWords', () => {
  it('reads "pastilha de freio gol 2015": the model, the year, and the rest as typed', () => {
    const r = parseVehicleWords(fleet, 'pastilha de freio gol 2015');
    expect(r).not.toBeNull();
    expect(models(r)).toEqual(['Gol']);
    expect(r!.year).toBe(2015);
    expect(r!.rest).toBe('pastilha de freio');
    expect(r!.matched).toBe('gol 2015');
    for (const v of r!.vehicles) expect(v.yearFrom <= 2015 && 2015 <= v.yearTo).toBe(true);
    expect(engines(r)).toEqual(['1.0', '1.6']);
  });

  it('narrows to the engine or version typed after the model', () => {
    const r = parseVehicleWords(fleet, 'filtro de oleo gol 1.0 2015');
    expect(engines(r)).toEqual(['1.0']);
    expect(r!.rest).toBe('filtro de oleo');
    const turbo = parseVehicleWords(fleet, 'vela onix 1.0 turbo 2021');
    expect(turbo!.vehicles.every((v) => v.version.includes('Turbo'))).toBe(true);
    const truck = parseVehicleWords(fleet, 'lona scania r 450 6x2');
    expect(truck!.vehicles.every((v) => v.version.includes('6x2'))).toBe(true);
    expect(truck!.rest).toBe('lona');
  });

  it('understands names written together, makes and aliases', () => {
    expect(models(parseVehicleWords(fleet, 'pastilha cg160'))).toEqual(['CG 160']);
    expect(models(parseVehicleWords(fleet, 'farol hb20'))).toEqual(['HB20']);
    expect(models(parseVehicleWords(fleet, 'farol HB20S 2019'))).toEqual(['HB20S']);
    expect(models(parseVehicleWords(fleet, 'amortecedor vw polo'))).toEqual(['Polo']);
    expect(parseVehicleWords(fleet, 'amortecedor vw polo')!.rest).toBe('amortecedor');
    expect(models(parseVehicleWords(fleet, 'disco mercedes benz axor 2544'))).toEqual(['Axor']);
    expect(models(parseVehicleWords(fleet, 'farol Volvo C70'))).toEqual(['C70']);
  });

  it('prefers the longest model name and reads a first word alone as every model it starts', () => {
    expect(models(parseVehicleWords(fleet, 'onix plus 2021'))).toEqual(['Onix Plus']);
    expect(models(parseVehicleWords(fleet, 'onix 2021'))).toEqual(['Onix']);
    expect(models(parseVehicleWords(fleet, 'bateria biz'))).toEqual(['Biz 110i', 'Biz 125']);
  });

  it('takes the model year of "2015/2016"', () => {
    expect(parseVehicleWords(fleet, 'farol gol 2015/2016')!.year).toBe(2016);
  });

  it('ignores a make alone, everyday words and years outside the model', () => {
    expect(parseVehicleWords(fleet, 'farol fiat')).toBeNull();
    expect(parseVehicleWords(fleet, 'pastilha de freio')).toBeNull();
    expect(parseVehicleWords(fleet, 'como fazer a troca do farol')).toBeNull();
    expect(parseVehicleWords(fleet, 'bateria 60ah')).toBeNull();
    expect(parseVehicleWords(fleet, 'lampada h4')).toBeNull();
    expect(parseVehicleWords(fleet, 'gol 1990')).toBeNull();
    expect(parseVehicleWords(fleet, '')).toBeNull();
    // With its make or its number, an ambiguous name is a vehicle.
    expect(models(parseVehicleWords(fleet, 'yamaha fazer 2015'))).toEqual(['Fazer 150', 'Fazer 250']);
    expect(models(parseVehicleWords(fleet, 'fazer 250'))).toEqual(['Fazer 250']);
    expect(models(parseVehicleWords(fleet, 'filtro ford cargo'))).toEqual(['Cargo']);
    expect(parseVehicleWords(fleet, 'filtro cargo')).toBeNull();
  });
});
