import type { ProductDetail } from '#src/domain/catalog/types.ts';
import { equivalentSentence } from '#src/domain/catalog/codes.ts';
import { Static } from '../Static.tsx';

/**
 * "Ficha técnica": the product's specifications in display order, then its part numbers (reference, OEM
 * numbers, equivalents), the numbers a mechanic searches by.
 */
export function SpecsTable({ product }: { product: Pick<ProductDetail, 'brand' | 'refCode' | 'oemCodes' | 'equivalentCodes' | 'specs' | 'category'> }) {
  const rows: { label: string; value: string }[] = [
    { label: 'Marca', value: product.brand },
    { label: 'Referência (REF)', value: product.refCode },
    ...(product.oemCodes.length > 0 ? [{ label: 'Código original (OEM)', value: product.oemCodes.join(', ') }] : []),
    ...(product.equivalentCodes.length > 0 ? [{ label: 'Equivalentes', value: product.equivalentCodes.join(', ') }] : []),
    ...product.specs,
  ];
  return (
    <Static as="section" aria-labelledby="ficha-tecnica" className="mt-10" version={() => JSON.stringify(rows)}>
      <h2 id="ficha-tecnica" className="text-xl font-extrabold">
        Ficha técnica
      </h2>
      <table className="mt-3 w-full max-w-3xl text-left text-sm">
        <caption className="sr-only">Especificações e códigos da peça</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-b border-neutral-200 even:bg-neutral-50">
              <th scope="row" className="w-2/5 px-3 py-2 align-top font-semibold">
                {r.label}
              </th>
              <td className="px-3 py-2 break-words">{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Static>
  );
}

/** "Equivalente a Bosch 0 986 BB0 123, TRW GDB1234" under the reference line. */
export function EquivalentLine({ codes }: { codes: string[] }) {
  const text = equivalentSentence(codes);
  return text ? <p className="text-sm text-ink-soft">{text}</p> : null;
}

/** Brazilian shoe sizes with the foot length they are made for. */
const SIZE_GUIDE: [string, string][] = [
  ['37', '24,0'],
  ['38', '24,7'],
  ['39', '25,3'],
  ['40', '26,0'],
  ['41', '26,7'],
  ['42', '27,3'],
  ['43', '28,0'],
  ['44', '28,7'],
];

/** "Guia de tamanhos": measure the foot, pick the size (a disclosure that works without JavaScript). */
export function SizeGuide({ sizes }: { sizes: string[] }) {
  const rows = SIZE_GUIDE.filter(([s]) => sizes.length === 0 || sizes.includes(s));
  return (
    <details className="rounded-lg border border-neutral-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-semibold underline underline-offset-2">Guia de tamanhos</summary>
      <p className="mt-2 text-ink-soft">Meça o pé de pé, do calcanhar à ponta do dedo mais longo, no fim do dia. Entre dois tamanhos, escolha o maior.</p>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Tamanho brasileiro e comprimento do pé</caption>
        <thead>
          <tr className="border-b border-neutral-200">
            <th scope="col" className="py-1 pr-3">
              Tamanho (BR)
            </th>
            <th scope="col" className="py-1">
              Comprimento do pé
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([s, cm]) => (
            <tr key={s} className="border-b border-neutral-100">
              <td className="py-1 pr-3">{s}</td>
              <td className="py-1">{cm} cm</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
