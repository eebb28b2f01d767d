// A parcel's weight as people read it: "2,85 kg", "0,05 kg".
export function formatWeight(grams: number): string {
  return `${(grams / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 3 })} kg`;
}
