// "Cadastrar Produto" and its edit page: the spec's fields (titulo, descricao, valorantigo, valoratual,
// foto, desconto → valordesconto) plus category, brand, vehicle type, condition and stock; and (issue 17)
// part numbers, the specifications table, compatibility (vehicles and years, or universal per type) and
// footwear colours × sizes with stock each. Every field works without JavaScript; with it, a field's error
// goes away as soon as the field is fixed, and the chosen photo is kept (and shown) after a failed save.
import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { parseProductForm, PRODUCT_FIELDS } from '#src/domain/catalog/product-form.ts';
import { CATEGORIES, CONDITIONS, FEATURED_BRANDS, VEHICLE_TYPES } from '#src/domain/catalog/taxonomy.ts';
import { COMPAT_ROWS } from '#src/domain/fitment/product-form.ts';
import type { FitmentGroup } from '#src/domain/fitment/product-form.ts';
import { Field, FieldError, FormNotice, inputClass, SubmitButton } from './Form.tsx';
import { NO_PACKAGE_WARNING } from '#src/domain/catalog/package-input.ts';
import { FiscalFields } from './ProductFiscalFields.tsx';

/** Field name → text (the spec's fields, the issue 17 fields, compat_veiculo_N / compat_de_N / compat_ate_N, universal). */
export type ProductValues = Partial<Record<string, string>>;

const CLIENT_CHECKED = new Set<string>(PRODUCT_FIELDS);

function Select({
  name,
  label,
  options,
  value,
  error,
  placeholder,
}: {
  name: string;
  label: string;
  options: readonly { slug: string; label: string }[];
  value?: string;
  error?: string;
  placeholder: string;
}) {
  return (
    <div>
      <label htmlFor={`produto-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={`produto-${name}`}
        name={name}
        defaultValue={value ?? ''}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `produto-${name}-erro` : undefined}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`produto-${name}-erro`} message={error} />
    </div>
  );
}

export function ProductForm({
  values,
  errors,
  submitLabel,
  currentPhoto,
  groups,
}: {
  values?: ProductValues;
  errors?: ProductValues;
  submitLabel: string;
  /** Edit page: the photo kept when no new one is sent. */
  currentPhoto?: string | null;
  /** The fleet's models and engines, for the compatibility lines. */
  groups: FitmentGroup[];
}) {
  const navigation = useNavigation();
  const v = values ?? {};
  // Errors the shopper has fixed since the last save attempt (cleared when a new answer arrives).
  const [fixed, setFixed] = useState<ReadonlySet<string>>(new Set());
  const [chosen, setChosen] = useState<{ name: string; url: string } | null>(null);
  useEffect(() => setFixed(new Set()), [errors]);
  const e: ProductValues = Object.fromEntries(Object.entries(errors ?? {}).filter(([k]) => !fixed.has(k)));
  const hasErrors = Object.keys(errors ?? {}).length > 0;

  const onFormChange = (ev: React.FormEvent<HTMLFormElement>) => {
    const target = ev.target as HTMLInputElement;
    const name = target.name;
    // A compatibility line has one message for its three fields.
    const line = /^compat_\w+_(\d+)$/.exec(name)?.[1];
    const keys = line ? [`compat_veiculo_${line}`, `compat_de_${line}`, `compat_ate_${line}`] : [name];
    if (!name || !keys.some((k) => errors?.[k] && !fixed.has(k))) return;
    if (name === 'foto' && target.files?.length) return setFixed(new Set([...fixed, name]));
    // The fields the shared rules check: the error goes once those rules accept the field.
    if (CLIENT_CHECKED.has(name)) {
      const raw = Object.fromEntries([...new FormData(ev.currentTarget).entries()].filter(([, x]) => typeof x === 'string'));
      const now = parseProductForm(raw);
      if (now.ok || !(name in now.errors)) setFixed(new Set([...fixed, name]));
      return;
    }
    // Compatibility lines are checked against the fleet on the server: any edit clears the line's message.
    setFixed(new Set([...fixed, ...keys]));
  };

  const makes = [...new Set(groups.map((g) => g.make))];
  const universal = new Set((v.universal ?? '').split(',').filter(Boolean));
  return (
    <Form method="post" encType="multipart/form-data" noValidate onChange={onFormChange} className="discount-toggle grid gap-5 sm:grid-cols-2">
      {hasErrors && (
        <div className="sm:col-span-2">
          <FormNotice>
            Confira os campos marcados abaixo.
            {!chosen && (errors?.foto || !currentPhoto) ? ' Se você escolheu uma foto, escolha-a de novo.' : ''}
          </FormNotice>
        </div>
      )}
      <Field className="sm:col-span-2" name="titulo" label="Título" maxLength={120} defaultValue={v.titulo} error={e.titulo} />
      <div className="sm:col-span-2">
        <label htmlFor="produto-descricao" className="block text-sm font-semibold">
          Descrição
        </label>
        <textarea
          id="produto-descricao"
          name="descricao"
          rows={5}
          maxLength={4000}
          defaultValue={v.descricao}
          aria-required="true"
          aria-invalid={e.descricao ? true : undefined}
          aria-describedby={e.descricao ? 'produto-descricao-erro' : undefined}
          className={inputClass}
        />
        <FieldError id="produto-descricao-erro" message={e.descricao} />
      </div>
      <Field name="valorantigo" label="Valor antigo (R$)" inputMode="decimal" placeholder="1.234,56" maxLength={15} defaultValue={v.valorantigo} error={e.valorantigo} />
      <Field name="valoratual" label="Valor atual (R$)" inputMode="decimal" placeholder="999,90" maxLength={15} defaultValue={v.valoratual} error={e.valoratual} />
      <div className="sm:col-span-2 flex flex-wrap items-start gap-x-8 gap-y-4">
        <label className="flex items-center gap-2 font-semibold sm:pt-7">
          <input type="checkbox" name="desconto" defaultChecked={v.desconto === 'on'} className="h-5 w-5" />
          Em promoção (desconto)
        </label>
        <Field className="discount-field w-48" name="valordesconto" label="Desconto (%)" inputMode="numeric" maxLength={2} placeholder="10" defaultValue={v.valordesconto} error={e.valordesconto} />
      </div>
      <Select name="categoria" label="Categoria" options={CATEGORIES} value={v.categoria} error={e.categoria} placeholder="Escolha a categoria" />
      <div>
        <Field name="marca" label="Marca" list="marcas-conhecidas" maxLength={60} defaultValue={v.marca} error={e.marca} />
        <datalist id="marcas-conhecidas">
          {FEATURED_BRANDS.map((b) => (
            <option key={b.slug} value={b.label} />
          ))}
        </datalist>
      </div>
      <Select name="veiculo" label="Tipo de veículo" options={VEHICLE_TYPES} value={v.veiculo} error={e.veiculo} placeholder="Escolha o veículo" />
      <Select name="estado" label="Estado" options={CONDITIONS} value={v.estado} error={e.estado} placeholder="Novo ou usado" />
      <Field name="estoque" label="Estoque (unidades)" inputMode="numeric" maxLength={6} hint="Calçados: deixe vazio e informe cores e tamanhos abaixo." defaultValue={v.estoque} error={e.estoque} />
      <fieldset className="sm:col-span-2 rounded-xl border border-neutral-200 p-4">
        <legend className="px-1 text-sm font-semibold">Foto do produto</legend>
        {currentPhoto && (
          <div className="mb-3 flex items-center gap-3 text-sm">
            <img src={currentPhoto} alt="Foto atual" width={64} height={64} className="h-16 w-16 rounded-lg border border-neutral-200 object-contain" />
            Foto atual (mantida se você não enviar outra).
          </div>
        )}
        <label htmlFor="produto-foto" className="block text-sm font-semibold">
          Enviar foto (JPEG, PNG ou WebP, até 5 MB)
        </label>
        <input
          id="produto-foto"
          name="foto"
          type="file"
          onChange={(ev) => {
            const file = ev.currentTarget.files?.[0];
            if (!file) return setChosen(null);
            // A data: URL (the CSP allows data: images, not blob:); no preview for files over the limit.
            if (file.size > 5 * 1024 * 1024) return setChosen({ name: file.name, url: '' });
            const reader = new FileReader();
            reader.onload = () => setChosen({ name: file.name, url: typeof reader.result === 'string' ? reader.result : '' });
            reader.readAsDataURL(file);
          }}
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={e.foto ? true : undefined}
          aria-describedby={e.foto ? 'produto-foto-erro' : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-ink file:px-4 file:py-2 file:font-semibold file:text-white"
        />
        {chosen && (
          <div className="mt-2 flex items-center gap-3 text-sm" data-testid="foto-escolhida">
            {chosen.url && <img src={chosen.url} alt="Foto escolhida" width={64} height={64} className="h-16 w-16 rounded-lg border border-neutral-200 object-contain" />}
            Foto escolhida: {chosen.name} (mantida se algum campo precisar de correção).
          </div>
        )}
        <FieldError id="produto-foto-erro" message={e.foto} />
        <Field
          className="mt-4"
          name="foto_url"
          label="ou endereço de uma foto (https://)"
          type="url"
          inputMode="url"
          required={false}
          placeholder="https://"
          maxLength={2000}
          defaultValue={v.foto_url}
          error={e.foto_url}
        />
      </fieldset>
      <fieldset className="sm:col-span-2 grid gap-4 rounded-xl border border-neutral-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Códigos e ficha técnica</legend>
        <Field name="oem" label="Código original (OEM)" required={false} maxLength={600} hint="Da montadora; vários separados por |" defaultValue={v.oem} error={e.oem} />
        <Field
          name="equivalentes"
          label="Equivalentes de outras marcas"
          required={false}
          maxLength={800}
          hint='Cada um "Marca CÓDIGO", separados por |'
          defaultValue={v.equivalentes}
          error={e.equivalentes}
        />
        <div className="sm:col-span-2">
          <label htmlFor="produto-ficha" className="block text-sm font-semibold">
            Ficha técnica
          </label>
          <textarea
            id="produto-ficha"
            name="ficha"
            rows={4}
            maxLength={8000}
            defaultValue={v.ficha}
            placeholder={'Posição: Dianteiro\nLado: Esquerdo\nPeso: 1,2 kg\nDimensões da embalagem (C × L × A): 30 × 20 × 10 cm'}
            aria-invalid={e.ficha ? true : undefined}
            aria-describedby={`produto-ficha-dica${e.ficha ? ' produto-ficha-erro' : ''}`}
            className={inputClass}
          />
          <p id="produto-ficha-dica" className="mt-1 text-xs text-ink-soft">
            Uma linha por item, no formato "Nome: valor". Inclua peso e dimensões (usados no frete).
          </p>
          <FieldError id="produto-ficha-erro" message={e.ficha} />
        </div>
      </fieldset>

      <fieldset className="sm:col-span-2 rounded-xl border border-neutral-200 p-4">
        <legend className="px-1 text-sm font-semibold">Peso e dimensões da embalagem (frete)</legend>
        <p className="text-xs text-ink-soft">{v.peso_kg ? 'Usados pelas transportadoras para cotar o frete.' : NO_PACKAGE_WARNING}</p>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Field name="peso_kg" label="Peso (kg)" inputMode="decimal" maxLength={9} required={false} defaultValue={v.peso_kg} error={e.peso_kg} />
          <Field name="altura_cm" label="Altura (cm)" inputMode="numeric" maxLength={3} required={false} defaultValue={v.altura_cm} />
          <Field name="largura_cm" label="Largura (cm)" inputMode="numeric" maxLength={3} required={false} defaultValue={v.largura_cm} />
          <Field name="comprimento_cm" label="Comprimento (cm)" inputMode="numeric" maxLength={3} required={false} defaultValue={v.comprimento_cm} />
        </div>
      </fieldset>

      <FiscalFields values={v} errors={e} />

      <fieldset className="sm:col-span-2 rounded-xl border border-neutral-200 p-4">
        <legend className="px-1 text-sm font-semibold">Compatibilidade (peças)</legend>
        <p className="text-xs text-ink-soft">Escolha o veículo e os anos em que a peça serve (anos vazios: todos os anos do modelo). Ou marque universal.</p>
        <div className="mt-3 space-y-3">
          {Array.from({ length: COMPAT_ROWS }, (_, idx) => {
            const n = idx + 1;
            const err = e[`compat_veiculo_${n}`] ?? e[`compat_de_${n}`] ?? e[`compat_ate_${n}`];
            return (
              <div key={n} className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_6rem_6rem]">
                <div className="col-span-2 sm:col-span-1">
                  <label htmlFor={`compat-veiculo-${n}`} className="block text-sm font-medium">
                    Veículo {n}
                  </label>
                  <select
                    id={`compat-veiculo-${n}`}
                    name={`compat_veiculo_${n}`}
                    defaultValue={v[`compat_veiculo_${n}`] ?? ''}
                    aria-invalid={err ? true : undefined}
                    aria-describedby={err ? `compat-erro-${n}` : undefined}
                    className={inputClass}
                  >
                    <option value="">Nenhum</option>
                    {makes.map((make) => (
                      <optgroup key={make} label={make}>
                        {groups
                          .filter((g) => g.make === make)
                          .map((g) => (
                            <option key={g.key} value={g.key}>
                              {g.label} ({g.yearFrom}–{g.yearTo})
                            </option>
                          ))}
                      </optgroup>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={`compat-de-${n}`} className="block text-sm font-medium">
                    Ano de
                  </label>
                  <input id={`compat-de-${n}`} name={`compat_de_${n}`} inputMode="numeric" maxLength={4} placeholder="2014" defaultValue={v[`compat_de_${n}`]} className={inputClass} />
                </div>
                <div>
                  <label htmlFor={`compat-ate-${n}`} className="block text-sm font-medium">
                    Ano até
                  </label>
                  <input id={`compat-ate-${n}`} name={`compat_ate_${n}`} inputMode="numeric" maxLength={4} placeholder="2016" defaultValue={v[`compat_ate_${n}`]} className={inputClass} />
                </div>
                {err && (
                  <p id={`compat-erro-${n}`} className="col-span-2 text-sm font-medium text-red-700 sm:col-span-3">
                    {err}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium">Peça universal: serve em todos os</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {VEHICLE_TYPES.map((t) => (
              <label key={t.slug} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="universal" value={t.slug} defaultChecked={universal.has(t.slug)} className="h-4 w-4" />
                {t.label}
              </label>
            ))}
          </div>
          <FieldError message={e.universal} />
        </fieldset>
      </fieldset>

      <div className="sm:col-span-2">
        <label htmlFor="produto-variacoes" className="block text-sm font-semibold">
          Cores e tamanhos (calçados)
        </label>
        <textarea
          id="produto-variacoes"
          name="variacoes"
          rows={4}
          maxLength={6000}
          defaultValue={v.variacoes}
          placeholder={'Preto; 40; 5\nPreto; 41; 3\nCaramelo; 40; 2'}
          aria-invalid={e.variacoes ? true : undefined}
          aria-describedby={`produto-variacoes-dica${e.variacoes ? ' produto-variacoes-erro' : ''}`}
          className={inputClass}
        />
        <p id="produto-variacoes-dica" className="mt-1 text-xs text-ink-soft">
          Uma linha por variação: Cor; Tamanho; Estoque. O estoque do calçado é a soma das variações.
        </p>
        <FieldError id="produto-variacoes-erro" message={e.variacoes} />
      </div>

      <div className="sm:col-span-2">
        <SubmitButton
          busy={navigation.state === 'submitting'}
          busyText="Salvando..."
          className="w-full rounded-lg bg-brand px-6 py-3 text-base font-extrabold text-ink hover:bg-brand-dark disabled:opacity-70 sm:w-auto"
        >
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
