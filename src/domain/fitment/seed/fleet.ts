// The demo fleet: Brazilian cars, motorcycles and trucks with their versions (engine and trim) and years,
// plus what the seed needs to derive fitment: which part groups are shared across models (platform) and
// which engines are the same (family). Platform and family are seed knowledge only, not stored.
import { slugify } from '#src/domain/catalog/taxonomy.ts';
import type { VehicleType } from '#src/domain/catalog/taxonomy.ts';
import type { Vehicle } from '../vehicles.ts';

export interface FleetVersion {
  /** What the shopper picks in "Versão/Motor": "1.0 12V MPI Trendline". */
  version: string;
  /** The engine the product titles name: "1.0", "2.8", "160", "24.280". */
  engine: string;
  /** Engines that are mechanically the same across models (filters, spark plugs, belts fit all of them). */
  family: string;
  yearFrom: number;
  yearTo: number;
}

export interface FleetModel {
  type: VehicleType;
  make: string;
  model: string;
  /** Models sharing brakes and suspension. */
  platform: string;
  versions: FleetVersion[];
}

/** Cuts a production run into catalogue entries per model-year update (at most `span` years each). */
function slices(yearFrom: number, yearTo: number, span: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = yearFrom; from <= yearTo; from += span) out.push([from, Math.min(yearTo, from + span - 1)]);
  return out;
}

/** Versions of one engine generation, one per trim: v('1.0', '12V MPI', 2014, 2023, 'Trendline', 'Comfortline'). */
function v(engine: string, detail: string, yearFrom: number, yearTo: number, ...trims: string[]): FleetVersion[] {
  const family = `${engine} ${detail}`.trim();
  return slices(yearFrom, yearTo, 4).flatMap(([from, to]) => trims.map((trim) => ({ version: [engine, detail, trim].filter(Boolean).join(' '), engine, family, yearFrom: from, yearTo: to })));
}

/** Versions whose name does not repeat the engine (motorcycles and trucks: "Fan", "24.280 6x2"). */
function named(engine: string, family: string, yearFrom: number, yearTo: number, ...names: string[]): FleetVersion[] {
  return slices(yearFrom, yearTo, 3).flatMap(([from, to]) => names.map((version) => ({ version, engine, family, yearFrom: from, yearTo: to })));
}

const car = (make: string, model: string, platform: string, ...versions: FleetVersion[][]): FleetModel => ({ type: 'carros', make, model, platform, versions: versions.flat() });
const moto = (make: string, model: string, platform: string, ...versions: FleetVersion[][]): FleetModel => ({ type: 'motos', make, model, platform, versions: versions.flat() });
const truck = (make: string, model: string, platform: string, ...versions: FleetVersion[][]): FleetModel => ({ type: 'caminhoes', make, model, platform, versions: versions.flat() });

export const FLEET: FleetModel[] = [
  // ------------------------------------------------------------------------------------------- carros
  car(
    'Volkswagen',
    'Gol',
    'vw-pq24',
    v('1.0', '8V', 2008, 2012, 'Trend', 'City', 'Power', 'Ecomotion'),
    v('1.0', '8V', 2013, 2014, 'Special', 'Trendline', 'Comfortline'),
    v('1.0', '12V MPI', 2015, 2016, 'Trendline', 'Comfortline', 'Highline'),
    v('1.0', '12V MPI', 2017, 2023, 'Trendline', 'Comfortline', 'Track', 'Last Edition'),
    v('1.6', '8V', 2008, 2012, 'Power', 'Rallye', 'Highline'),
    v('1.6', '8V', 2013, 2016, 'Comfortline', 'Highline', 'Rallye', 'Track'),
    v('1.6', 'MSI', 2017, 2023, 'Comfortline', 'Highline', 'Rallye'),
  ),
  car(
    'Volkswagen',
    'Voyage',
    'vw-pq24',
    v('1.0', '8V', 2009, 2014, 'Trend', 'City', 'Trendline'),
    v('1.0', '12V MPI', 2015, 2023, 'Trendline', 'Comfortline'),
    v('1.6', '8V', 2009, 2012, 'Comfortline', 'Highline'),
    v('1.6', '8V', 2013, 2016, 'Comfortline', 'Highline', 'Evidence'),
    v('1.6', 'MSI', 2017, 2023, 'Comfortline', 'Highline'),
  ),
  car(
    'Volkswagen',
    'Saveiro',
    'vw-pq24',
    v('1.6', '8V', 2010, 2013, 'Trooper', 'Startline', 'Cross'),
    v('1.6', '8V', 2014, 2016, 'Robust', 'Trendline', 'Highline', 'Cross'),
    v('1.6', 'MSI', 2017, 2025, 'Robust', 'Trendline', 'Extreme', 'Cross'),
  ),
  car(
    'Volkswagen',
    'Fox',
    'vw-pq24',
    v('1.0', '8V', 2008, 2014, 'Trend', 'City', 'Bluemotion'),
    v('1.0', '12V MPI', 2015, 2021, 'Trendline', 'Comfortline', 'Connect'),
    v('1.6', '8V', 2008, 2014, 'Prime', 'Highline', 'Rock in Rio'),
    v('1.6', 'MSI', 2015, 2021, 'Highline', 'Xtreme', 'Pepper'),
  ),
  car('Volkswagen', 'up!', 'vw-nsf', v('1.0', '12V MPI', 2014, 2021, 'take', 'move', 'cross', 'pepper')),
  car('Volkswagen', 'Polo', 'vw-mqb-a0', v('1.0', '200 TSI', 2018, 2025, 'Comfortline', 'Highline', 'Sense'), v('1.6', 'MSI', 2018, 2025, 'MSI', 'Sense', 'Comfortline')),
  car('Volkswagen', 'Virtus', 'vw-mqb-a0', v('1.0', '200 TSI', 2018, 2025, 'Comfortline', 'Highline', 'Exclusive'), v('1.6', 'MSI', 2018, 2025, 'MSI', 'Sense')),
  car('Volkswagen', 'T-Cross', 'vw-mqb-a0', v('1.0', '200 TSI', 2020, 2025, 'Sense', 'Comfortline'), v('1.4', '250 TSI', 2020, 2025, 'Highline')),

  car(
    'Fiat',
    'Uno',
    'fiat-uno',
    v('1.0', 'Fire Evo', 2010, 2013, 'Vivace', 'Way', 'Economy', 'Mille'),
    v('1.0', 'Fire Evo', 2014, 2016, 'Attractive', 'Way', 'Vivace'),
    v('1.0', 'Firefly', 2017, 2021, 'Attractive', 'Way', 'Drive', 'Ciao'),
    v('1.4', 'Fire Evo', 2010, 2016, 'Sporting', 'Way', 'Attractive'),
  ),
  car('Fiat', 'Mobi', 'fiat-uno', v('1.0', 'Fire Evo', 2016, 2025, 'Easy', 'Like', 'Way', 'Trekking')),
  car(
    'Fiat',
    'Palio',
    'fiat-palio',
    v('1.0', 'Fire', 2005, 2011, 'ELX', 'Economy', 'Celebration'),
    v('1.0', 'Fire Evo', 2012, 2017, 'Attractive', 'Way', 'Fire'),
    v('1.4', 'Fire Evo', 2012, 2017, 'Essence', 'Sporting'),
  ),
  car('Fiat', 'Palio Weekend', 'fiat-palio', v('1.0', 'Fire', 2005, 2011, 'ELX'), v('1.4', 'Fire Evo', 2012, 2020, 'Trekking', 'Adventure')),
  car('Fiat', 'Siena', 'fiat-palio', v('1.0', 'Fire', 2005, 2012, 'EL', 'ELX', 'Celebration'), v('1.4', 'Fire Evo', 2013, 2017, 'Attractive', 'Essence', 'Tetrafuel')),
  car(
    'Fiat',
    'Strada',
    'fiat-mla',
    v('1.4', 'Fire Evo', 2013, 2020, 'Working', 'Hard Working', 'Freedom', 'Adventure', 'Trekking'),
    v('1.4', 'Fire Flex', 2021, 2025, 'Endurance', 'Endurance Plus'),
    v('1.3', 'Firefly', 2021, 2025, 'Freedom', 'Volcano', 'Ranch'),
  ),
  car('Fiat', 'Argo', 'fiat-mla', v('1.0', 'Firefly', 2018, 2025, 'Drive', 'Trekking'), v('1.3', 'Firefly', 2018, 2025, 'Drive', 'Precision', 'Trekking')),
  car('Fiat', 'Cronos', 'fiat-mla', v('1.3', 'Firefly', 2018, 2025, 'Drive', 'Precision'), v('1.0', 'Firefly', 2023, 2025, 'Drive')),

  car(
    'Chevrolet',
    'Onix',
    'gm-gsv',
    v('1.0', 'SPE/4', 2013, 2016, 'LS', 'LT', 'Seleção'),
    v('1.0', 'SPE/4', 2017, 2019, 'Joy', 'LT', 'Black'),
    v('1.4', 'SPE/4', 2013, 2019, 'LTZ', 'Activ', 'Effect'),
    v('1.0', '12V', 2020, 2025, 'LS', 'LT', 'Joy Black'),
    v('1.0', 'Turbo', 2020, 2025, 'LT Turbo', 'LTZ', 'Premier', 'RS'),
  ),
  car('Chevrolet', 'Onix Plus', 'gm-gsv', v('1.0', '12V', 2020, 2025, 'LS', 'LT'), v('1.0', 'Turbo', 2020, 2025, 'LTZ', 'Premier', 'Midnight')),
  car('Chevrolet', 'Prisma', 'gm-gsv', v('1.0', 'SPE/4', 2013, 2019, 'Joy', 'LT', 'Plus'), v('1.4', 'SPE/4', 2013, 2019, 'LT', 'LTZ', 'Advantage')),
  car('Chevrolet', 'Cobalt', 'gm-gsv', v('1.4', 'SPE/4', 2012, 2019, 'LS', 'LT'), v('1.8', '8V', 2013, 2019, 'LTZ', 'Elite')),
  car('Chevrolet', 'Spin', 'gm-gsv', v('1.8', '8V', 2013, 2025, 'LS', 'LT', 'LTZ', 'Activ', 'Premier')),
  car(
    'Chevrolet',
    'Celta',
    'gm-celta',
    v('1.0', 'VHC', 2003, 2006, 'Life', 'Spirit', 'Super'),
    v('1.0', 'VHC-E', 2007, 2010, 'Life', 'Spirit', 'Super'),
    v('1.0', 'VHC-E', 2011, 2015, 'LS', 'LT', 'Spirit'),
  ),
  car(
    'Chevrolet',
    'Corsa',
    'gm-celta',
    v('1.0', 'VHC', 2003, 2006, 'Hatch Joy', 'Sedan Joy', 'Sedan Classic'),
    v('1.0', 'VHC-E', 2007, 2012, 'Hatch Maxx', 'Sedan Premium'),
    v('1.4', 'Econo.Flex', 2008, 2012, 'Hatch Maxx', 'Sedan Premium'),
  ),
  car('Chevrolet', 'Classic', 'gm-celta', v('1.0', 'VHC', 2003, 2006, 'Life', 'Spirit'), v('1.0', 'VHC-E', 2007, 2010, 'Life', 'Spirit'), v('1.0', 'VHC-E', 2011, 2016, 'LS', 'Spirit')),

  car(
    'Hyundai',
    'HB20',
    'hyundai-hb20',
    v('1.0', '12V', 2012, 2019, 'Comfort', 'Comfort Plus', 'Unique', 'Sense'),
    v('1.0', '12V', 2020, 2025, 'Sense', 'Vision', 'Evolution'),
    v('1.0', 'Turbo', 2020, 2025, 'Evolution', 'Diamond', 'Platinum'),
    v('1.6', '16V', 2012, 2019, 'Premium', 'Style', 'Ocean', 'R Spec'),
  ),
  car(
    'Hyundai',
    'HB20S',
    'hyundai-hb20',
    v('1.0', '12V', 2013, 2019, 'Comfort', 'Comfort Plus'),
    v('1.0', '12V', 2020, 2025, 'Vision', 'Evolution'),
    v('1.0', 'Turbo', 2020, 2025, 'Platinum'),
    v('1.6', '16V', 2013, 2019, 'Premium'),
  ),
  car('Hyundai', 'HB20X', 'hyundai-hb20', v('1.6', '16V', 2014, 2019, 'Style', 'Premium')),
  // Only the generation whose engine the catalog reaches (the HB20's 1.0 Turbo).
  car('Hyundai', 'Creta', 'hyundai-creta', v('1.0', 'Turbo', 2022, 2025, 'Comfort', 'Limited', 'Platinum')),

  car(
    'Toyota',
    'Corolla',
    'toyota-corolla',
    v('1.8', '16V', 2015, 2019, 'GLi', 'GLi Upper'),
    v('2.0', '16V', 2015, 2017, 'XEi', 'Altis', 'XRS'),
    v('2.0', '16V', 2018, 2019, 'XEi', 'Altis', 'XRS'),
    v('2.0', 'Dynamic Force', 2020, 2025, 'GLi', 'XEi', 'Altis', 'GR-S'),
    v('1.8', 'Hybrid', 2020, 2025, 'Altis Hybrid', 'Altis Premium Hybrid'),
  ),
  car('Toyota', 'Corolla Cross', 'toyota-corolla', v('2.0', 'Dynamic Force', 2021, 2025, 'XR', 'XRE', 'XRX'), v('1.8', 'Hybrid', 2021, 2025, 'XRV Hybrid', 'XRX Hybrid')),
  car(
    'Toyota',
    'Hilux',
    'toyota-hilux',
    v('2.8', 'Turbo Diesel', 2016, 2020, 'SR', 'SRV', 'SRX'),
    v('2.8', 'Turbo Diesel', 2021, 2025, 'SR', 'SRV', 'SRX', 'GR-S', 'Conquest'),
    v('2.7', 'Flex', 2016, 2025, 'SR', 'SRV'),
  ),
  car('Toyota', 'SW4', 'toyota-hilux', v('2.8', 'Turbo Diesel', 2016, 2020, 'SRX', 'Diamond'), v('2.8', 'Turbo Diesel', 2021, 2025, 'SRX', 'Diamond', 'GR-S'), v('2.7', 'Flex', 2016, 2025, 'SR')),

  car(
    'Honda',
    'Civic',
    'honda-civic',
    v('1.8', '16V i-VTEC', 2012, 2013, 'LXS', 'LXL'),
    v('1.8', '16V i-VTEC', 2014, 2016, 'LXS', 'LXL SE'),
    v('2.0', '16V i-VTEC', 2012, 2013, 'LXR', 'EXR'),
    v('2.0', '16V i-VTEC', 2014, 2016, 'LXR', 'EXR', 'Si'),
    v('2.0', '16V FlexOne', 2017, 2019, 'Sport', 'EX', 'EXL'),
    v('2.0', '16V FlexOne', 2020, 2021, 'Sport', 'EX', 'EXL'),
    v('1.5', 'Turbo', 2017, 2021, 'Touring'),
  ),

  car(
    'Ford',
    'Ka',
    'ford-global-b',
    v('1.0', '12V Ti-VCT', 2015, 2018, 'S', 'SE', 'SE Plus'),
    v('1.0', '12V Ti-VCT', 2019, 2021, 'SE', 'SE Plus', 'SEL', 'Freestyle'),
    v('1.5', '12V', 2015, 2021, 'SE', 'SEL', 'Freestyle'),
  ),
  car('Ford', 'Ka Sedan', 'ford-global-b', v('1.0', '12V Ti-VCT', 2015, 2021, 'SE', 'SE Plus'), v('1.5', '12V', 2015, 2021, 'SEL', 'Titanium')),
  car('Ford', 'Fiesta', 'ford-global-b', v('1.6', '16V', 2013, 2019, 'S', 'SE', 'Titanium'), v('1.0', 'EcoBoost', 2017, 2019, 'Titanium Plus')),
  car(
    'Ford',
    'EcoSport',
    'ford-global-b',
    v('1.6', '16V', 2013, 2017, 'S', 'SE', 'Freestyle'),
    v('1.5', '12V', 2018, 2022, 'SE', 'Freestyle', 'Titanium'),
    v('2.0', '16V', 2013, 2021, 'Titanium', 'Storm'),
  ),

  car(
    'Renault',
    'Sandero',
    'renault-b0',
    v('1.0', '16V Hi-Flex', 2012, 2014, 'Authentique', 'Expression'),
    v('1.0', '12V SCe', 2015, 2022, 'Authentique', 'Zen', 'Life', 'Expression'),
    v('1.6', '8V', 2012, 2016, 'Expression', 'Privilège', 'Stepway'),
    v('1.6', '16V SCe', 2017, 2022, 'Intense', 'Stepway', 'GT Line'),
  ),
  car(
    'Renault',
    'Logan',
    'renault-b0',
    v('1.0', '12V SCe', 2015, 2022, 'Authentique', 'Zen', 'Life'),
    v('1.6', '8V', 2012, 2016, 'Expression', 'Dynamique'),
    v('1.6', '16V SCe', 2017, 2022, 'Intense', 'Iconic'),
  ),
  car(
    'Renault',
    'Duster',
    'renault-b0',
    v('1.6', '16V', 2012, 2015, 'Expression'),
    v('2.0', '16V', 2012, 2020, 'Dynamique', 'Tech Road'),
    v('1.6', '16V SCe', 2016, 2025, 'Expression', 'Intense', 'Zen'),
  ),

  car(
    'Jeep',
    'Compass',
    'jeep-small-wide',
    v('2.0', 'Flex', 2017, 2021, 'Sport', 'Longitude', 'Limited'),
    v('2.0', 'Turbo Diesel', 2017, 2021, 'Longitude', 'Limited', 'Trailhawk'),
    v('2.0', 'Turbo Diesel', 2022, 2025, 'Longitude', 'Limited', 'Trailhawk', 'Série S'),
    v('1.3', 'T270 Turbo', 2022, 2025, 'Sport', 'Longitude', 'Limited'),
  ),
  car(
    'Jeep',
    'Renegade',
    'jeep-small-wide',
    v('1.8', 'Flex', 2016, 2021, 'Sport', 'Longitude', 'Custom'),
    v('2.0', 'Turbo Diesel', 2016, 2021, 'Longitude', 'Trailhawk'),
    v('2.0', 'Turbo Diesel', 2022, 2025, 'Trailhawk'),
    v('1.3', 'T270 Turbo', 2022, 2025, 'Sport', 'Longitude', 'Trailhawk'),
  ),
  car('Jeep', 'Commander', 'jeep-small-wide', v('1.3', 'T270 Turbo', 2022, 2025, 'Limited', 'Overland'), v('2.0', 'Turbo Diesel', 2022, 2025, 'Overland')),

  car('Volvo', 'C70', 'volvo-p1', v('2.5', 'T5 20V Turbo', 2006, 2009, 'Momentum', 'Summum'), v('2.5', 'T5 20V Turbo', 2010, 2013, 'Momentum', 'Summum', 'R-Design')),
  car('Volvo', 'S40', 'volvo-p1', v('2.0', '16V', 2006, 2012, 'Kinetic'), v('2.5', 'T5 20V Turbo', 2006, 2012, 'Summum', 'R-Design')),
  car('Volvo', 'C30', 'volvo-p1', v('2.0', '16V', 2008, 2013, 'Kinetic', 'Dynamic'), v('2.5', 'T5 20V Turbo', 2008, 2013, 'Top', 'R-Design')),
  car('Volvo', 'V50', 'volvo-p1', v('2.0', '16V', 2006, 2012, 'Kinetic'), v('2.5', 'T5 20V Turbo', 2006, 2012, 'Summum', 'R-Design')),

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
