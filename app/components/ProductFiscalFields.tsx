// The product form's "Dados fiscais (nota fiscal)": NCM (8 digits), origem (0–8), CEST (optional) and the
// commercial unit. Left empty, a new product takes its category's NCM and unit (src/domain/catalog/fiscal.ts).
import { FISCAL_UNITS, ORIGENS, UNIT_LABELS } from '#src/domain/catalog/fiscal.ts';
import { Field, FieldError, inputClass } from './Form.tsx';

export function FiscalFields({ values: v, errors: e }: { values: Partial<Record<string, string>>; errors: Partial<Record<string, string>> }) {
  return (
    <fieldset className="sm:col-span-2 rounded-xl border border-neutral-200 p-4">
      <legend className="px-1 text-sm font-semibold">Dados fiscais (nota fiscal)</legend>
      <p className="text-xs text-ink-soft">Vão na NF-e de cada venda. Em branco, o produto usa o NCM e a unidade usuais da categoria.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field name="ncm" label="NCM (8 dígitos)" inputMode="numeric" maxLength={10} placeholder="8708.30.90" required={false} defaultValue={v.ncm} error={e.ncm} />
        <div>
          <label htmlFor="produto-origem" className="block text-sm font-semibold">
            Origem
          </label>
          <select
            id="produto-origem"
            name="origem"
            defaultValue={v.origem ?? ''}
            aria-invalid={e.origem ? true : undefined}
            aria-describedby={e.origem ? 'produto-origem-erro' : undefined}
            className={inputClass}
          >
            <option value="">Padrão (0 - Nacional)</option>
            {ORIGENS.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldError id="produto-origem-erro" message={e.origem} />
        </div>
        <Field name="cest" label="CEST (opcional)" inputMode="numeric" maxLength={9} placeholder="01.075.00" required={false} defaultValue={v.cest} error={e.cest} />
        <div>
          <label htmlFor="produto-unidade" className="block text-sm font-semibold">
            Unidade
          </label>
          <select
            id="produto-unidade"
            name="unidade"
            defaultValue={v.unidade ?? ''}
            aria-invalid={e.unidade ? true : undefined}
            aria-describedby={e.unidade ? 'produto-unidade-erro' : undefined}
            className={inputClass}
          >
            <option value="">Padrão da categoria</option>
            {FISCAL_UNITS.map((u) => (
              <option key={u} value={u}>
                {UNIT_LABELS[u]}
              </option>
            ))}
          </select>
          <FieldError id="produto-unidade-erro" message={e.unidade} />
        </div>
      </div>
    </fieldset>
  );
}
