// The spec's customer and seller form (§3: nome, email, cpf, celular, endereco, bairro, cidade, cep), every
// field required, with masks for CPF, celular and CEP and each error next to its field.
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { PersonInput } from '#src/domain/accounts/validation.ts';
import { Field, FormNotice, SubmitButton } from './Form.tsx';

export type PersonValues = Partial<Record<keyof PersonInput, string>>;

export function PersonForm({
  values,
  errors,
  formError,
  submitLabel,
  intro,
}: {
  values?: PersonValues;
  errors?: PersonValues & { _form?: string };
  formError?: string | null;
  submitLabel: string;
  intro?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const e = errors ?? {};
  const [cepNotice, setCepNotice] = useState('');
  // Like the checkout: a complete CEP fills the address through our ViaCEP proxy (GET /api/cep/:cep).
  const onBlur = async (ev: React.FocusEvent<HTMLFormElement>) => {
    const input = ev.target as unknown as HTMLInputElement;
    if (input.name !== 'cep') return;
    const cep = input.value.replace(/\D/g, '');
    if (cep.length !== 8) return;
    const form = ev.currentTarget;
    const res = await fetch(`/api/cep/${cep}`).catch(() => null);
    if (!res?.ok) {
      setCepNotice(res?.status === 404 ? 'CEP não encontrado' : 'Não foi possível consultar o CEP agora. Preencha o endereço.');
      return;
    }
    const a = (await res.json()) as { street?: string; neighborhood?: string; city?: string; state?: string };
    const set = (name: string, value: string | undefined, onlyIfEmpty = false) => {
      const el = form.elements.namedItem(name) as HTMLInputElement | null;
      if (el && value && !(onlyIfEmpty && el.value.trim() !== '')) el.value = value;
    };
    set('endereco', a.street ? `${a.street}, ` : undefined, true);
    set('bairro', a.neighborhood);
    set('cidade', a.city);
    setCepNotice(a.city ? `Endereço preenchido pelo CEP: ${a.city}/${a.state ?? ''}. Confira o número.` : '');
  };
  return (
    <Form method="post" noValidate onBlur={(ev) => void onBlur(ev)} className="grid gap-4 sm:grid-cols-2">
      {intro && <div className="sm:col-span-2">{intro}</div>}
      {(formError || e._form) && (
        <div className="sm:col-span-2">
          <FormNotice>{formError ?? e._form}</FormNotice>
        </div>
      )}
      <Field className="sm:col-span-2" name="nome" label="Nome completo" autoComplete="name" maxLength={100} defaultValue={values?.nome} error={e.nome} />
      <Field name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" defaultValue={values?.email} error={e.email} />
      <Field name="cpf" label="CPF" mask="cpf" autoComplete="off" defaultValue={values?.cpf} error={e.cpf} />
      <Field name="celular" label="Celular" mask="celular" type="tel" autoComplete="tel-national" defaultValue={values?.celular} error={e.celular} />
      <div>
        <Field name="cep" label="CEP" mask="cep" autoComplete="postal-code" defaultValue={values?.cep} error={e.cep} />
        <p role="status" className="mt-1 min-h-4 text-xs text-ink-soft">
          {cepNotice}
        </p>
      </div>
      <Field className="sm:col-span-2" name="endereco" label="Endereço (rua e número)" autoComplete="street-address" maxLength={200} defaultValue={values?.endereco} error={e.endereco} />
      <Field name="bairro" label="Bairro" maxLength={100} defaultValue={values?.bairro} error={e.bairro} />
      <Field name="cidade" label="Cidade" autoComplete="address-level2" maxLength={100} defaultValue={values?.cidade} error={e.cidade} />
      <div className="sm:col-span-2">
        <SubmitButton busy={navigation.state === 'submitting'} className="w-full rounded-lg bg-brand px-5 py-3 text-base font-extrabold text-ink hover:bg-brand-dark disabled:opacity-70 sm:w-auto">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** A page section with the store's card look. */
export function Panel({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
