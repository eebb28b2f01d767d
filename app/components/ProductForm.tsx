// "Cadastrar Produto" and its edit page: the spec's fields (titulo, descricao, valorantigo, valoratual,
// foto, desconto → valordesconto) plus category, brand, vehicle type, condition and stock.
import { Form, useNavigation } from 'react-router';
import type { ProductField } from '../../src/domain/catalog/product-form.ts';
import { CATEGORIES, CONDITIONS, FEATURED_BRANDS, VEHICLE_TYPES } from '../../src/domain/catalog/taxonomy.ts';
import { Field, FieldError, FormNotice, inputClass, SubmitButton } from './Form.tsx';

export type ProductValues = Partial<Record<ProductField, string>>;

function Select({ name, label, options, value, error, placeholder }: { name: string; label: string; options: readonly { slug: string; label: string }[]; value?: string; error?: string; placeholder: string }) {
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
}: {
  values?: ProductValues;
  errors?: ProductValues;
  submitLabel: string;
  /** Edit page: the photo kept when no new one is sent. */
  currentPhoto?: string | null;
}) {
  const navigation = useNavigation();
  const e = errors ?? {};
  const v = values ?? {};
  const hasErrors = Object.keys(e).length > 0;
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="discount-toggle grid gap-5 sm:grid-cols-2">
      {hasErrors && (
        <div className="sm:col-span-2">
          <FormNotice>Confira os campos marcados abaixo.{e.foto || !currentPhoto ? ' Se você escolheu uma foto, escolha-a de novo.' : ''}</FormNotice>
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
      <Field name="estoque" label="Estoque (unidades)" inputMode="numeric" maxLength={6} defaultValue={v.estoque} error={e.estoque} />
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
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={e.foto ? true : undefined}
          aria-describedby={e.foto ? 'produto-foto-erro' : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-ink file:px-4 file:py-2 file:font-semibold file:text-white"
        />
        <FieldError id="produto-foto-erro" message={e.foto} />
        <Field className="mt-4" name="foto_url" label="ou endereço de uma foto (https://)" type="url" inputMode="url" required={false} placeholder="https://" maxLength={2000} defaultValue={v.foto_url} error={e.foto_url} />
      </fieldset>
      <div className="sm:col-span-2">
        <SubmitButton busy={navigation.state === 'submitting'} busyText="Salvando..." className="w-full rounded-lg bg-brand px-6 py-3 text-base font-extrabold text-ink hover:bg-brand-dark disabled:opacity-70 sm:w-auto">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
