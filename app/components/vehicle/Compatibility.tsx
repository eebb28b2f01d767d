import { Link } from 'react-router';
import type { SelectorData } from '#src/domain/fitment/selector-data.ts';
import { useReturnPath } from './VehicleBar.tsx';
import { VehicleSelector } from './VehicleSelector.tsx';

export interface CompatibilityView {
  /** `mine`: the line of the shopper's active vehicle. */
  lines: { vehicle: string; version: string; years: string; mine: boolean }[];
  /** Vehicle types the product is universal for ("carros"). */
  universal: string[];
  /** The answer for the shopper's active vehicle. */
  answer: { label: string; fullLabel: string; fits: boolean; universal: boolean; otherVersions: string[] } | null;
  relatedFor: string | null;
}

const SHOWN_LINES = 12;

const joinPt = (list: string[]) => (list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} e ${list.at(-1)}`);

/** "Serve no seu Gol 1.0 2015" or "Não serve no seu …", next to the price. */
export function FitAnswer({ compatibility, kind }: { compatibility: CompatibilityView; kind: string }) {
  const { answer } = compatibility;
  if (!answer) {
    return (
      <p className="text-sm">
        <a href="#compatibilidade" className="font-semibold underline underline-offset-2">
          Serve no seu veículo? Veja a compatibilidade
        </a>
      </p>
    );
  }
  if (answer.fits) {
    return (
      <div role="status" className="flex gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="shrink-0 text-green-800"
        >
          <path d="m5 12 5 5L20 7" />
        </svg>
        <div>
          <p className="text-lg font-bold">Serve no seu {answer.label}</p>
          <p className="text-sm">
            {answer.fullLabel}
            {answer.universal ? ': peça universal.' : '.'}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" className="shrink-0 text-red-800">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
      <div className="space-y-1">
        <p className="text-lg font-bold">Não serve no seu {answer.label}</p>
        <p className="text-sm">{answer.fullLabel}</p>
        {answer.otherVersions.length > 0 && (
          <p className="text-sm">
            Serve em outras versões ou anos do mesmo modelo: {joinPt(answer.otherVersions.slice(0, 3))}
            {answer.otherVersions.length > 3 ? ` e mais ${answer.otherVersions.length - 3}` : ''}.
          </p>
        )}
        <p className="text-sm">
          <Link to={`/ProductList?q=${encodeURIComponent(kind)}`} className="font-semibold underline underline-offset-2">
            Ver {kind} que servem no seu {answer.label}
          </Link>
        </p>
      </div>
    </div>
  );
}

function LinesTable({ lines, caption }: { lines: CompatibilityView['lines']; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-neutral-100 text-ink">
        <tr>
          <th scope="col" className="px-3 py-2 font-semibold">
            Veículo
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Versão/Motor
          </th>
          <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
            Anos
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-200">
        {lines.map((l) => (
          <tr key={`${l.vehicle}|${l.version}|${l.years}`} className={l.mine ? 'bg-green-50 font-semibold text-green-950' : undefined}>
            <td className="px-3 py-2 font-medium">{l.vehicle}</td>
            <td className="px-3 py-2">
              {l.version}
              {l.mine && <span className="ml-2 rounded bg-green-800 px-1.5 py-0.5 text-xs font-semibold text-white">seu veículo</span>}
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{l.years}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Compatibilidade": every vehicle the part fits, and a vehicle selector when none is chosen. */
export function CompatibilitySection({ compatibility, initial }: { compatibility: CompatibilityView; initial: SelectorData }) {
  const returnTo = useReturnPath();
  const { lines, universal, answer } = compatibility;
  const shown = lines.slice(0, SHOWN_LINES);
  const more = lines.slice(SHOWN_LINES);
  return (
    <section id="compatibilidade" aria-labelledby="titulo-compatibilidade" className="mt-12 scroll-mt-4">
      <h2 id="titulo-compatibilidade" className="text-2xl font-extrabold">
        Compatibilidade
      </h2>
      {universal.length > 0 && (
        <p className="mt-3 rounded-lg bg-neutral-100 px-4 py-3">
          <strong>Peça universal:</strong> serve em {joinPt(universal)}.
        </p>
      )}
      {lines.length > 0 ? (
        <div className="mt-4 overflow-x-auto rounded-xl border border-neutral-200 bg-white">
          <LinesTable lines={shown} caption="Veículos compatíveis" />
          {more.length > 0 && (
            <details className="border-t border-neutral-200">
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold underline underline-offset-2">
                Ver mais {more.length} {more.length === 1 ? 'versão compatível' : 'versões compatíveis'}
              </summary>
              <LinesTable lines={more} caption="Mais veículos compatíveis" />
            </details>
          )}
        </div>
      ) : (
        universal.length === 0 && <p className="mt-3 text-ink-soft">A compatibilidade desta peça ainda não foi informada.</p>
      )}
      {!answer && (
        <div className="mt-6 rounded-xl border border-brand/60 bg-white p-4">
          <h3 className="mb-3 font-bold">Qual é o seu veículo? Informe e saiba se esta peça serve.</h3>
          <VehicleSelector data={initial} returnTo={`${returnTo}#compatibilidade`} idPrefix="produto" compact />
        </div>
      )}
    </section>
  );
}
