import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import type { SelectorData } from '#src/domain/fitment/selector-data.ts';

const LEVELS = [
  { key: 'tipo', option: 'type', label: 'Tipo' },
  { key: 'marca', option: 'make', label: 'Marca' },
  { key: 'modelo', option: 'model', label: 'Modelo' },
  { key: 'ano', option: 'year', label: 'Ano' },
  { key: 'versao', option: 'version', label: 'Versão/Motor' },
] as const;

type Values = SelectorData['values'];
type Options = SelectorData['options'];

/**
 * "Qual é o seu veículo?": Tipo → Marca → Modelo → Ano → Versão/Motor, each list filtered by the choice
 * before it. Without JavaScript it is a GET form to /garagem that narrows one level per "Continuar"; with
 * JavaScript each choice fetches the next list from GET /api/vehicles. "Usar este veículo" posts the choice
 * to /garagem, which remembers it and returns to `returnTo`.
 */
export function VehicleSelector({ data, returnTo, idPrefix, compact = false }: { data: SelectorData; returnTo: string; idPrefix: string; compact?: boolean }) {
  const [values, setValues] = useState<Values>(data.values);
  const [options, setOptions] = useState<Options>(data.options);
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const request = useRef(0);
  useEffect(() => setHydrated(true), []);

  const choose = async (level: number, value: string) => {
    const next: Values = { ...values };
    const nextOptions: Options = { ...options };
    LEVELS.forEach((l, i) => {
      if (i === level) next[l.key] = value;
      if (i > level) {
        next[l.key] = '';
        nextOptions[l.option] = [];
      }
    });
    setValues(next);
    setOptions(nextOptions);
    if (!value || level === LEVELS.length - 1) return;
    const params = new URLSearchParams();
    for (const l of LEVELS.slice(0, level + 1)) params.set(l.key, next[l.key]);
    const id = ++request.current;
    setStatus('loading');
    try {
      const res = await fetch(`/api/vehicles?${params}`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { level: keyof Options | null; options: Options[keyof Options] };
      if (id !== request.current) return;
      if (body.level) setOptions((o) => ({ ...o, [body.level!]: body.options }));
      setStatus('idle');
    } catch {
      if (id === request.current) setStatus('error');
    }
  };

  const complete = values.versao !== '' && values.ano !== '';
  // Without JavaScript the version list arrives with the page, so "Usar" shows as soon as it is offered.
  const canUse = hydrated ? complete : options.version.length > 0;
  const id = (key: string) => `${idPrefix}-${key}`;

  return (
    <Form method="get" action="/garagem" className="space-y-3" aria-label="Qual é o seu veículo?">
      <input type="hidden" name="voltar" value={returnTo} />
      <div className={compact ? 'grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5' : 'grid gap-3 sm:grid-cols-2 lg:grid-cols-5'}>
        {LEVELS.map((l, i) => {
          const list = options[l.option];
          const enabled = list.length > 0 && (i === 0 || values[LEVELS[i - 1]!.key] !== '');
          return (
            <div key={l.key} className={l.key === 'versao' && compact ? 'col-span-2 sm:col-span-1' : undefined}>
              <label htmlFor={id(l.key)} className="mb-1 block text-sm font-semibold">
                {l.label}
              </label>
              <select
                id={id(l.key)}
                name={l.key}
                value={values[l.key]}
                disabled={!enabled}
                onChange={(e) => void choose(i, e.currentTarget.value)}
                className="w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-ink disabled:bg-neutral-100 disabled:text-neutral-500"
              >
                <option value="">{enabled ? 'Selecione' : '—'}</option>
                {list.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {/* The row keeps the height of a button: "Continuar" (no JavaScript) leaves it when the page hydrates and
          "Usar este veículo" or the status arrive later, and nothing below moves (a click there would miss). */}
      <div className="flex min-h-10.5 flex-wrap items-center gap-3">
        {!hydrated && (
          <button type="submit" className="rounded-lg border border-ink px-4 py-2 font-semibold hover:bg-neutral-100">
            Continuar
          </button>
        )}
        {canUse && (
          <button
            type="submit"
            formMethod="post"
            formAction="/garagem"
            name="intencao"
            value="usar"
            disabled={hydrated && !complete}
            className="rounded-lg bg-brand px-4 py-2 font-semibold text-ink hover:bg-brand-dark disabled:opacity-60"
          >
            Usar este veículo
          </button>
        )}
        <p role="status" aria-live="polite" className="text-sm text-ink-soft">
          {status === 'loading' ? 'Carregando opções...' : status === 'error' ? 'Não foi possível carregar as opções. Tente de novo.' : ''}
        </p>
      </div>
    </Form>
  );
}
