// Typical boxed weight and size of a part, by kind: what the demo catalog is seeded with, so a spark plug
// ships for the price of a spark plug and a truck leaf spring for the price of one. Real products get
// their own values in the back office or the import (peso_kg;altura_cm;largura_cm;comprimento_cm).

export interface PackageSize {
  weightGrams: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
}

type Row = [RegExp, number, [number, number, number]]; // kind, grams, [length, width, height] cm

const CARS: Row[] = [
  [/^Vela/, 50, [12, 4, 4]],
  [/^Bateria/, 15_000, [25, 18, 20]],
  [/^Feixe/, 30_000, [120, 10, 15]],
  [/^Pneu/, 8_000, [60, 60, 20]],
  [/^Radiador/, 6_000, [70, 50, 12]],
  [/^Motor de Partida|^Alternador/, 5_000, [30, 20, 20]],
  [/^Kit Embreagem/, 6_500, [30, 30, 15]],
  [/^Amortecedor/, 2_500, [60, 12, 12]],
  [/^Disco/, 6_000, [30, 30, 12]],
  [/^Mola/, 2_000, [40, 15, 15]],
  [/^Farol|^Lanterna/, 1_500, [45, 30, 25]],
  [/^Pastilhas|^Sapata|^Lonas/, 1_000, [18, 12, 6]],
  [/^Óleo/, 1_000, [25, 10, 10]],
  [/^Filtro/, 400, [15, 12, 12]],
  [/^Correia|^Junta/, 300, [30, 20, 4]],
  [/^Sensor|^Sonda|^Bieleta|^Cabo/, 300, [20, 10, 8]],
  [/^Capacete/, 1_600, [35, 30, 30]],
  [/^Bota|^Tênis|^Sapato|^Botina/, 1_300, [36, 23, 14]],
];

/** The typical package of a kind of part (trucks' parts weigh more); `jitter` in [0, 1) varies it ±10 %. */
export function typicalPackage(kind: string, vehicleType: string, jitter = 0.5): PackageSize {
  const [, grams, dims] = CARS.find(([re]) => re.test(kind)) ?? [null, 800, [25, 18, 10]];
  const factor = 0.9 + jitter * 0.2;
  const heavier = vehicleType === 'caminhoes' ? 1.5 : vehicleType === 'motos' ? 0.6 : 1;
  const [lengthCm, widthCm, heightCm] = dims.map((d) => Math.max(2, Math.round(d * (heavier > 1 ? 1.2 : heavier < 1 ? 0.8 : 1))));
  return { weightGrams: Math.max(10, Math.round((grams * heavier * factor) / 10) * 10), lengthCm: lengthCm!, widthCm: widthCm!, heightCm: heightCm! };
}

/** "0,05 kg" */
export const weightText = (grams: number) => `${(grams / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3 })} kg`;
