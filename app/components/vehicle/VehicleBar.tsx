import { useEffect, useState } from 'react';
import { Form, useLocation, useRouteLoaderData } from 'react-router';
import { initialSelectorData } from '#src/domain/fitment/selector-data.ts';
import type { GarageView } from '#app/lib/garage.server.ts';
import { VehicleSelector } from './VehicleSelector.tsx';

/** The page to come back to after choosing a vehicle: this one, without a vehicle in the URL or a page number. */
export function useReturnPath(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const k of ['vehicle', 'ano', 'pagina']) params.delete(k);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

export function useGarage(): GarageView | null {
  const root = useRouteLoaderData('root') as { garage?: GarageView | null } | undefined;
  return root?.garage ?? null;
}

export function CarIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className} width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 17h14M3 17v-4l2.2-5.2A2 2 0 0 1 7 6.5h10a2 2 0 0 1 1.8 1.3L21 13v4" />
      <path d="M3 13h18" />
      <circle cx="7" cy="17" r="2" />
      <circle cx="17" cy="17" r="2" />
    </svg>
  );
}

/** Clears the active vehicle (the garage keeps it) and comes back here. */
export function ClearVehicleButton({ returnTo, className, label = 'Limpar' }: { returnTo: string; className?: string; label?: string }) {
  return (
    <Form method="post" action="/garagem" className="inline">
      <input type="hidden" name="voltar" value={returnTo} />
      <button type="submit" name="intencao" value="limpar" className={className}>
        {label}
      </button>
    </Form>
  );
}

/**
 * "Qual é o seu veículo?" under the header, on every page: the active vehicle, or the question. Without
 * JavaScript the question is a link to /garagem; with it, it opens the selector right here.
 */
export function VehicleBar() {
  const garage = useGarage();
  const returnTo = useReturnPath();
  const active = garage?.active ?? null;
  const [open, setOpen] = useState(false);
  const activeKey = active ? `${active.vehicleId}-${active.year}` : '';
  // A choice closes the panel.
  useEffect(() => setOpen(false), [activeKey]);
  const toggle = (e: React.MouseEvent) => {
    e.preventDefault();
    setOpen((o) => !o);
  };
  const garageLink = `/garagem?voltar=${encodeURIComponent(returnTo)}`;
  return (
    // A landmark of its own (axe "region": this bar sat outside every landmark on every page). Its name
    // avoids "veículo", which names the list's own vehicle banner.
    <div role="region" aria-label="Filtro de compatibilidade" className="border-t border-white/10 bg-neutral-800 text-sm text-white print:hidden">
      <div className="container-bar flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
        <CarIcon className="shrink-0 text-brand" />
        {active ? (
          <>
            <p className="min-w-0">
              <span className="text-neutral-300">Meu veículo: </span>
              <strong className="font-semibold" title={active.fullLabel}>
                {active.label}
              </strong>
            </p>
            <a href={garageLink} onClick={toggle} aria-expanded={open} aria-controls="painel-veiculo" className="rounded px-1 font-semibold text-brand underline underline-offset-2 hover:text-white">
              Trocar<span className="sr-only"> de veículo</span>
            </a>
            <ClearVehicleButton returnTo={returnTo} className="rounded px-1 font-semibold text-neutral-200 underline underline-offset-2 hover:text-white" label="Limpar" />
          </>
        ) : (
          <a href={garageLink} onClick={toggle} aria-expanded={open} aria-controls="painel-veiculo" className="rounded font-semibold hover:text-brand">
            Qual é o seu veículo? <span className="hidden font-normal text-neutral-300 underline underline-offset-2 sm:inline">Veja só as peças que servem nele</span>
          </a>
        )}
        <a href="/garagem" className="ml-auto hidden rounded px-1 text-neutral-300 underline underline-offset-2 hover:text-white sm:inline">
          Minha garagem
        </a>
      </div>
      <div id="painel-veiculo" hidden={!open} className="bg-white text-ink shadow-inner">
        <div className="container-page py-4">{open && <VehicleSelector data={initialSelectorData()} returnTo={returnTo} idPrefix="cabecalho" compact />}</div>
      </div>
    </div>
  );
}
