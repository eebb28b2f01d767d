// /CriarFormulario: personal and delivery information, saved as the shopper's addresses. The checkout's
// address step starts from these (listAddresses in src/domain/accounts/addresses.server.ts).
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/addresses';
import { addAddress, deleteAddress, listAddresses } from '#src/domain/accounts/addresses.server.ts';
import { UFS } from '#src/domain/shipping/uf.ts';
import { ADDRESS_FIELDS, addressSchema, fieldErrorsOf, pickFields } from '#src/domain/accounts/validation.ts';
import type { AddressInput } from '#src/domain/accounts/validation.ts';
import { Field, FieldError, FormNotice, inputClass, SubmitButton } from '#app/components/Form.tsx';
import { Panel } from '#app/components/PersonForm.tsx';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { applyMask } from '#app/lib/masks.ts';
import { requireUser } from '#app/lib/session.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

type Values = Partial<Record<keyof AddressInput, string>>;

export const meta: Route.MetaFunction = () => [{ title: 'Dados pessoais e de entrega | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, url, authOf(context));
  const addresses = await listAddresses(dbOf(context), user.id);
  return { addresses, name: user.name };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url, authOf(context));
  const form = await request.formData();
  if (form.get('intent') === 'apagar') {
    const id = Number(form.get('id'));
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return data({ formError: 'Endereço inválido.' }, { status: 400 });
    // Another account's address (or one already gone) is simply not found: nothing is deleted.
    if (!(await deleteAddress(dbOf(context), user.id, id))) return data({ formError: 'Endereço não encontrado.' }, { status: 404 });
    return { deleted: true };
  }
  const raw = pickFields(form, ADDRESS_FIELDS);
  const values: Values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, (v ?? '').slice(0, 300)]));
  const parsed = addressSchema.safeParse(raw);
  if (!parsed.success) return data({ errors: fieldErrorsOf<keyof AddressInput>(parsed.error), values }, { status: 400 });
  const added = await addAddress(dbOf(context), user.id, parsed.data, { makeDefault: form.get('principal') === 'on' });
  if (!added.ok) return data({ formError: added.message, values }, { status: 409 });
  return redirectWithFlash('/CriarFormulario', 'endereco');
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: Values = (actionData && 'errors' in actionData ? actionData.errors : undefined) ?? {};
  const values: Values = (actionData && 'values' in actionData ? actionData.values : undefined) ?? { nome: loaderData.name };
  const formError = actionData && 'formError' in actionData ? actionData.formError : null;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div>
        <p className="text-sm">
          <Link to="/MinhaConta" className="underline underline-offset-2">
            Minha conta
          </Link>{' '}
          › Endereços
        </p>
        <h1 className="mt-1 text-2xl font-extrabold sm:text-3xl">Dados pessoais e de entrega</h1>
        <p className="mt-2 text-ink-soft">Guarde os endereços onde você recebe suas compras. O principal já vem preenchido no checkout.</p>
      </div>

      <Panel title="Seus endereços" id="enderecos">
        {loaderData.addresses.length === 0 ? (
          <p className="text-ink-soft">Nenhum endereço salvo ainda.</p>
        ) : (
          <ul className="space-y-3">
            {loaderData.addresses.map((a) => (
              <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-neutral-200 p-3">
                <div className="text-sm">
                  <p className="font-semibold">
                    {a.recipient} {a.isDefault && <span className="ml-1 rounded bg-brand px-1.5 py-0.5 text-xs font-bold text-ink">Principal</span>}
                  </p>
                  <p>
                    {a.street}, {a.number}
                    {a.complement && ` - ${a.complement}`}
                  </p>
                  <p>
                    {a.neighborhood}, {a.city} - {a.state}, CEP {applyMask('cep', a.cep)}
                  </p>
                  <p className="text-ink-soft">Celular {applyMask('celular', a.phone)}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="apagar"
                    className="rounded-lg border border-neutral-300 px-3 py-1.5 text-sm hover:bg-neutral-50"
                    aria-label={`Apagar o endereço ${a.street}, ${a.number}`}
                  >
                    Apagar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Novo endereço" id="novo-endereco">
        <Form method="post" noValidate className="space-y-5">
          {formError && <FormNotice>{formError}</FormNotice>}
          <fieldset className="grid gap-4 sm:grid-cols-6">
            <legend className="mb-3 text-sm font-bold">Dados pessoais</legend>
            <Field className="sm:col-span-4" name="nome" label="Nome completo" autoComplete="name" maxLength={100} defaultValue={values.nome} error={errors.nome} />
            <Field className="sm:col-span-2" name="celular" label="Celular" type="tel" mask="celular" autoComplete="tel-national" defaultValue={values.celular} error={errors.celular} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-6">
            <legend className="mb-3 text-sm font-bold">Entrega</legend>
            <Field className="sm:col-span-2" name="cep" label="CEP" mask="cep" autoComplete="postal-code" defaultValue={values.cep} error={errors.cep} />
            <Field className="sm:col-span-4" name="rua" label="Rua" autoComplete="address-line1" maxLength={200} defaultValue={values.rua} error={errors.rua} />
            <Field className="sm:col-span-2" name="numero" label="Número" maxLength={20} defaultValue={values.numero} error={errors.numero} />
            <Field
              className="sm:col-span-4"
              name="complemento"
              label="Complemento (opcional)"
              required={false}
              autoComplete="address-line2"
              maxLength={100}
              defaultValue={values.complemento}
              error={errors.complemento}
            />
            <Field className="sm:col-span-2" name="bairro" label="Bairro" maxLength={100} defaultValue={values.bairro} error={errors.bairro} />
            <Field className="sm:col-span-3" name="cidade" label="Cidade" autoComplete="address-level2" maxLength={100} defaultValue={values.cidade} error={errors.cidade} />
            <div className="sm:col-span-1">
              <label htmlFor="estado" className="block text-sm font-semibold">
                Estado
              </label>
              <select
                id="estado"
                name="estado"
                defaultValue={values.estado ?? ''}
                aria-invalid={errors.estado ? true : undefined}
                aria-describedby={errors.estado ? 'estado-erro' : undefined}
                className={inputClass}
              >
                <option value="">UF</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
              <FieldError id="estado-erro" message={errors.estado} />
            </div>
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="principal" className="h-4 w-4" /> Usar como endereço principal
          </label>
          <div>
            <SubmitButton busy={navigation.state === 'submitting'} className="w-full rounded-lg bg-brand px-5 py-3 font-extrabold text-ink hover:bg-brand-dark disabled:opacity-70 sm:w-auto">
              Salvar endereço
            </SubmitButton>
          </div>
        </Form>
      </Panel>
    </div>
  );
}
