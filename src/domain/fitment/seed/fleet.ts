// The demo fleet: Brazilian cars, motorcycles and trucks with their versions (engine and trim) and years,
// plus what the seed needs to derive fitment: which part groups are shared across models (platform) and
// which engines are the same (family). Platform and family are seed knowledge only, not stored.
import { slugify } from '#src/domain/catalog/taxonomy.ts';
import type { Vehicle } from '../vehicles.ts';
import { FLEET_CARS } from './fleet-cars.ts';
import { moto, named, truck } from './fleet-builders.ts';
import type { FleetModel } from './fleet-builders.ts';

export type { FleetModel } from './fleet-builders.ts';

export const FLEET: FleetModel[] = [
  ...FLEET_CARS,
  // -------------------------------------------------------------------------------------------- motos
  moto(
    'Honda',
    'CG 160',
    'honda-cg',
    named('160', 'honda-160', 2016, 2017, 'Fan', 'Titan', 'Start', 'Cargo', 'Titan EX'),
    named('160', 'honda-160', 2018, 2021, 'Fan', 'Titan', 'Start', 'Cargo', 'Titan S'),
    named('160', 'honda-160', 2022, 2025, 'Fan', 'Titan', 'Start', 'Cargo', 'Titan S'),
  ),
  moto('Honda', 'CG 150', 'honda-cg', named('150', 'honda-150', 2009, 2012, 'Fan ESi', 'Titan ESD', 'Job', 'Cargo'), named('150', 'honda-150', 2013, 2015, 'Fan ESDi', 'Titan EX', 'Start', 'Cargo')),
  moto('Honda', 'Bros 160', 'honda-bros', named('160', 'honda-160', 2015, 2020, 'ESD', 'ESDD'), named('160', 'honda-160', 2021, 2025, 'ESDD', 'Adventure')),
  moto(
    'Honda',
    'Biz 125',
    'honda-biz',
    named('125', 'honda-125', 2011, 2015, 'ES', 'EX', '+'),
    named('125', 'honda-125', 2016, 2020, 'ES', 'EX', '+'),
    named('125', 'honda-125', 2021, 2025, 'Biz 125', 'Biz 125 EX', 'Biz 125 Flex'),
  ),
  moto('Honda', 'Elite 125', 'honda-biz', named('125', 'honda-125', 2019, 2025, 'Elite 125', 'Elite 125 Deluxe')),
  moto('Honda', 'Biz 110i', 'honda-biz', named('110', 'honda-110', 2016, 2020, 'Biz 110i'), named('110', 'honda-110', 2021, 2025, 'Biz 110i', 'Biz 110i Flex')),
  moto('Honda', 'Pop 110i', 'honda-biz', named('110', 'honda-110', 2016, 2020, 'Pop 110i'), named('110', 'honda-110', 2021, 2025, 'Pop 110i', 'Pop 110i ES')),
  moto(
    'Honda',
    'CB 300',
    'honda-cb300',
    named('300', 'honda-300', 2010, 2012, 'CB 300R', 'CB 300R Flex'),
    named('300', 'honda-300', 2013, 2015, 'CB 300R', 'CB 300R Flex', 'CB 300R ABS'),
    named('300', 'honda-300', 2016, 2020, 'CB 300F Twister', 'CB 300F Twister CBS'),
    named('300', 'honda-300', 2021, 2025, 'CB 300F Twister', 'CB 300F Twister ABS'),
  ),
  moto(
    'Honda',
    'XRE 300',
    'honda-xre',
    named('300', 'honda-300', 2010, 2014, 'Std', 'Rally'),
    named('300', 'honda-300', 2015, 2018, 'Std', 'Rally', 'ABS'),
    named('300', 'honda-300', 2019, 2025, 'ABS', 'Rally', 'Adventure'),
  ),
  moto('Honda', 'Sahara 300', 'honda-xre', named('300', 'honda-300', 2024, 2025, 'Std', 'Adventure', 'Rally')),
  moto(
    'Yamaha',
    'Fazer 250',
    'yamaha-250',
    named('250', 'yamaha-250', 2011, 2014, 'YS 250 Fazer', 'YS 250 Fazer Blueflex'),
    named('250', 'yamaha-250', 2015, 2017, 'YS 250 Fazer', 'YS 250 Fazer Limited'),
    named('250', 'yamaha-250', 2018, 2021, 'FZ25 Fazer', 'FZ25 Fazer ABS'),
    named('250', 'yamaha-250', 2022, 2024, 'FZ25 Fazer ABS', 'FZ25 Fazer Connected'),
  ),
  moto(
    'Yamaha',
    'Lander 250',
    'yamaha-250',
    named('250', 'yamaha-250', 2011, 2014, 'XTZ 250 Lander', 'XTZ 250 Lander Blueflex'),
    named('250', 'yamaha-250', 2015, 2018, 'XTZ 250 Lander', 'XTZ 250 Lander Blueflex'),
    named('250', 'yamaha-250', 2019, 2025, 'XTZ 250 Lander ABS', 'XTZ 250 Lander Connected'),
  ),
  moto('Yamaha', 'Tenere 250', 'yamaha-250', named('250', 'yamaha-250', 2011, 2019, 'XTZ 250 Tenere', 'XTZ 250 Tenere Blueflex')),
  moto(
    'Yamaha',
    'Fazer 150',
    'yamaha-150',
    named('150', 'yamaha-150', 2014, 2018, 'YS 150 Fazer ED', 'YS 150 Fazer SED'),
    named('150', 'yamaha-150', 2019, 2022, 'YS 150 Fazer ED', 'YS 150 Fazer SED', 'YS 150 Fazer UBS'),
  ),
  moto(
    'Yamaha',
    'Factor 150',
    'yamaha-150',
    named('150', 'yamaha-150', 2016, 2019, 'YBR 150 Factor ED', 'YBR 150 Factor E', 'YBR 150 Factor K1', 'YBR 150 Factor Blueflex'),
    named('150', 'yamaha-150', 2020, 2025, 'YBR 150 Factor ED', 'YBR 150 Factor DX', 'YBR 150 Factor UBS'),
  ),
  moto(
    'Yamaha',
    'Crosser 150',
    'yamaha-150',
    named('150', 'yamaha-150', 2014, 2019, 'XTZ 150 Crosser S', 'XTZ 150 Crosser E'),
    named('150', 'yamaha-150', 2020, 2025, 'XTZ 150 Crosser S ABS', 'XTZ 150 Crosser Z ABS'),
  ),

  // ---------------------------------------------------------------------------------------- caminhões
  truck(
    'Scania',
    'R 450',
    'scania-pgr',
    named('450', 'scania-dc13', 2013, 2015, 'A 4x2', 'A 6x2', 'A 6x4'),
    named('450', 'scania-dc13', 2016, 2018, 'A 4x2', 'A 6x2', 'A 6x4', 'A 6x2/4 Highline'),
    named('450', 'scania-dc13', 2019, 2025, 'A 6x2 Highline', 'A 6x4 Highline', 'Super 6x2', 'Super 6x4'),
  ),
  truck('Scania', 'R 440', 'scania-pgr', named('440', 'scania-dc13', 2010, 2014, 'A 6x2', 'A 6x4'), named('440', 'scania-dc13', 2015, 2018, 'A 6x2 Highline', 'A 6x4 Highline')),
  truck('Scania', 'R 500', 'scania-pgr', named('500', 'scania-dc13', 2014, 2018, 'A 6x4', 'Highline 6x4'), named('500', 'scania-dc13', 2019, 2025, 'A 6x4', 'Super 6x4')),
  truck('Scania', 'G 440', 'scania-pgr', named('440', 'scania-dc13', 2012, 2018, 'A 6x2', 'A 6x4', 'B 6x4')),
  truck('Scania', 'P 360', 'scania-pgr', named('360', 'scania-dc09', 2012, 2020, 'B 6x2', 'B 8x2')),
  truck(
    'Volkswagen',
    'Constellation',
    'vw-constellation',
    named('24.280', 'man-d08-280', 2012, 2014, '24.280 6x2', '24.280 Tractor', '24.280 Plataforma'),
    named('24.280', 'man-d08-280', 2015, 2017, '24.280 6x2', '24.280 Tractor', '24.280 Advantech'),
    named('24.280', 'man-d08-280', 2018, 2025, '24.280 6x2 Robust', '24.280 Tractor Robust', '24.280 Advantech'),
    named('17.280', 'man-d08-280', 2012, 2017, '17.280 4x2'),
    named('17.280', 'man-d08-280', 2018, 2025, '17.280 4x2 Robust'),
    named('19.320', 'man-d08-320', 2012, 2022, '19.320 Titan Tractor'),
    named('25.420', 'man-d26-420', 2014, 2025, '25.420 6x2 Tractor'),
    named('26.280', 'man-d08-280', 2014, 2025, '26.280 6x4', '26.280 Constructor'),
  ),
  truck(
    'Mercedes-Benz',
    'Axor',
    'mb-axor',
    named('2544', 'mb-om457', 2010, 2012, '2544 6x2', '2544 LS'),
    named('2544', 'mb-om457', 2013, 2015, '2544 6x2', '2544 LS', '2544 S'),
    named('2544', 'mb-om457', 2016, 2019, '2544 6x2 BlueTec 5', '2544 LS BlueTec 5'),
    named('2544', 'mb-om457', 2020, 2022, '2544 6x2 BlueTec 5', '2544 LS BlueTec 5', '2544 Estradeiro'),
    named('2536', 'mb-om457', 2010, 2020, '2536 6x2'),
    named('3344', 'mb-om457', 2010, 2022, '3344 6x4', '3344 K 6x4'),
    named('2644', 'mb-om457', 2012, 2022, '2644 6x4', '2644 LS 6x4'),
  ),
  truck(
    'Volvo',
    'FH',
    'volvo-fh',
    named('540', 'volvo-d13', 2014, 2016, '540 6x4', '540 Globetrotter'),
    named('540', 'volvo-d13', 2017, 2019, '540 6x4', '540 Globetrotter', '540 6x4 I-Shift'),
    named('540', 'volvo-d13', 2020, 2025, '540 6x4 I-Save', '540 Globetrotter XL', '540 6x4 I-Shift'),
    named('460', 'volvo-d13', 2014, 2025, '460 6x2'),
    named('500', 'volvo-d13', 2014, 2025, '500 6x4'),
  ),
  truck(
    'Volvo',
    'FM',
    'volvo-fh',
    named('460', 'volvo-d13', 2014, 2019, '460 6x4', '460 8x4'),
    named('500', 'volvo-d13', 2014, 2025, '500 6x4', '500 8x4'),
    named('540', 'volvo-d13', 2020, 2025, '540 6x4'),
  ),
  truck(
    'Ford',
    'Cargo',
    'ford-cargo',
    named('1319', 'cummins-isb', 2012, 2014, '1319', '1319 Maxton'),
    named('1319', 'cummins-isb', 2015, 2018, '1319', '1319 Torqshift'),
    named('1319', 'cummins-isb', 2019, 2022, '1319', '1319 Torqshift', '1319 Tractor'),
    named('1119', 'cummins-isb', 2012, 2022, '1119'),
    named('816', 'cummins-isf', 2012, 2022, '816 S'),
    named('1519', 'cummins-isb', 2012, 2022, '1519', '1519 Torqshift'),
    named('1723', 'cummins-isb', 2012, 2022, '1723 Torqshift'),
    named('2429', 'cummins-isl', 2012, 2022, '2429 6x2'),
  ),
];

/**
 * How the demo catalog's titles name vehicles ("VW Gol 1.0", see catalog/seed/generate.ts) and the fleet
 * versions each one means: a make, a model and, when the title says it, an engine.
 */
export const TITLE_VEHICLES: Record<string, { make: string; model: string; engine?: string }> = {
  'VW Gol 1.0': { make: 'Volkswagen', model: 'Gol', engine: '1.0' },
  'VW Polo 1.6': { make: 'Volkswagen', model: 'Polo', engine: '1.6' },
  'Fiat Uno 1.0': { make: 'Fiat', model: 'Uno', engine: '1.0' },
  'Fiat Strada 1.4': { make: 'Fiat', model: 'Strada', engine: '1.4' },
  'Fiat Palio 1.0': { make: 'Fiat', model: 'Palio', engine: '1.0' },
  'Chevrolet Onix 1.0': { make: 'Chevrolet', model: 'Onix', engine: '1.0' },
  'Chevrolet Celta 1.0': { make: 'Chevrolet', model: 'Celta', engine: '1.0' },
  'Hyundai HB20 1.0': { make: 'Hyundai', model: 'HB20', engine: '1.0' },
  'Toyota Corolla 2.0': { make: 'Toyota', model: 'Corolla', engine: '2.0' },
  'Toyota Hilux 2.8 Diesel': { make: 'Toyota', model: 'Hilux', engine: '2.8' },
  'Honda Civic 2.0': { make: 'Honda', model: 'Civic', engine: '2.0' },
  'Ford Ka 1.0': { make: 'Ford', model: 'Ka', engine: '1.0' },
  'Renault Sandero 1.6': { make: 'Renault', model: 'Sandero', engine: '1.6' },
  'Jeep Compass 2.0': { make: 'Jeep', model: 'Compass', engine: '2.0' },
  'Volvo C70 2.5': { make: 'Volvo', model: 'C70', engine: '2.5' },
  'Honda CG 160': { make: 'Honda', model: 'CG 160' },
  'Honda Biz 125': { make: 'Honda', model: 'Biz 125' },
  'Yamaha Fazer 250': { make: 'Yamaha', model: 'Fazer 250' },
  'Honda CB 300': { make: 'Honda', model: 'CB 300' },
  'Yamaha Factor 150': { make: 'Yamaha', model: 'Factor 150' },
  'Honda XRE 300': { make: 'Honda', model: 'XRE 300' },
  'Scania R 450': { make: 'Scania', model: 'R 450' },
  'VW Constellation 24.280': { make: 'Volkswagen', model: 'Constellation', engine: '24.280' },
  'Mercedes-Benz Axor 2544': { make: 'Mercedes-Benz', model: 'Axor', engine: '2544' },
  'Volvo FH 540': { make: 'Volvo', model: 'FH', engine: '540' },
  'Ford Cargo 1319': { make: 'Ford', model: 'Cargo', engine: '1319' },
};

export type Relation = 'base' | 'body' | 'engine' | 'platform';

/** A vehicle as the seed builds it: the fleet's Vehicle, with the type still a plain string. */
export type FleetRow = Omit<Vehicle, 'type'> & { type: string };

/** The fleet as table rows, ids 1..n in declaration order. */
export function fleetRows(): (FleetRow & { family: string; platform: string })[] {
  let id = 0;
  return FLEET.flatMap((m) =>
    m.versions.map((v) => ({
      id: ++id,
      type: m.type,
      make: m.make,
      makeSlug: slugify(m.make),
      model: m.model,
      modelSlug: slugify(m.model),
      version: v.version,
      engine: v.engine,
      yearFrom: v.yearFrom,
      yearTo: v.yearTo,
      family: `${m.make}:${v.family}`,
      platform: m.platform,
    })),
  );
}

/** For each title vehicle name, the fleet versions it fits and why. A version appears once per name. */
export function titleMapping(rows = fleetRows()): { name: string; vehicleId: number; relation: Relation }[] {
  const out: { name: string; vehicleId: number; relation: Relation }[] = [];
  for (const [name, t] of Object.entries(TITLE_VEHICLES)) {
    const sameModel = rows.filter((r) => r.make === t.make && r.model === t.model);
    const base = sameModel.filter((r) => !t.engine || r.engine === t.engine);
    if (base.length === 0) throw new Error(`Título "${name}" não corresponde a nenhuma versão da frota.`);
    const seen = new Set<number>();
    const add = (list: typeof rows, relation: Relation) => {
      for (const r of list) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        out.push({ name, vehicleId: r.id, relation });
      }
    };
    add(base, 'base');
    add(sameModel, 'body');
    const families = new Set(base.map((r) => r.family));
    add(
      rows.filter((r) => r.type === base[0]!.type && families.has(r.family)),
      'engine',
    );
    add(
      rows.filter((r) => r.type === base[0]!.type && r.platform === base[0]!.platform),
      'platform',
    );
  }
  return out;
}
