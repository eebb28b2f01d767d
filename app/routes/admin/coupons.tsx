// /Admin/Cupons: the store's coupons with their rules and usage count; create, edit (?editar=id),
// activate and deactivate. The rules themselves are enforced by the pricing domain at quote and checkout.
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/coupons';
import { describeTerms } from '#src/domain/pricing/coupon-rules.ts';
import { parseCouponForm } from '#src/domain/pricing/coupon-form.ts';
import type { CouponFormErrors } from '#src/domain/pricing/coupon-form.ts';
import { getCoupon, listCoupons, saveCoupon, setCouponActive } from '#src/domain/pricing/coupons.server.ts';
import { formatBRL, formatCentsDecimal } from '#src/domain/pricing/money.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { toBrasiliaInput } from '#src/platform/datetime-input.ts';
import { AdminShell, adminButton, adminInput, adminSecondaryButton, Notice } from '#app/components/admin/AdminShell.tsx';
import { formFields, requireAdmin } from '#app/lib/admin.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Cupons | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const db = dbOf(context);
  const editId = Number(url.searchParams.get('editar') ?? '');
  const editing = editId ? await getCoupon(db, editId) : null;
  const coupons = await listCoupons(db);
  return {
    coupons: coupons.map((c) => ({
      id: c.id,
      code: c.code,
      value: describeTerms(c.terms),
      minOrder: c.minOrderCents > 0 ? formatBRL(c.minOrderCents) : '—',
      window: `${c.validFrom ? formatDateTime(c.validFrom) : 'sempre'} → ${c.validUntil ? formatDateTime(c.validUntil) : 'sem fim'}`,
      limits: `${c.usageLimit ?? '∞'} no total · ${c.perCustomerLimit ?? '∞'} por cliente`,
      uses: c.uses,
      active: c.active,
    })),
    editing: editing
      ? {
          id: editing.id,
          codigo: editing.code,
          tipo: editing.terms.kind,
          percentual: editing.terms.kind === 'percent' ? String(editing.terms.percent) : '',
          valor: editing.terms.kind === 'fixed' ? formatCentsDecimal(editing.terms.amountCents) : '',
          minimo: editing.minOrderCents ? formatCentsDecimal(editing.minOrderCents) : '',
          inicio: toBrasiliaInput(editing.validFrom),
          fim: toBrasiliaInput(editing.validUntil),
          limite: editing.usageLimit?.toString() ?? '',
          limite_cliente: editing.perCustomerLimit?.toString() ?? '',
          ativo: editing.active,
        }
      : null,
  };
}

type ActionResult = { ok: boolean; message: string; errors?: CouponFormErrors; values?: Record<string, string> };

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin(request, url, authOf(context));
  const db = dbOf(context);
  const { fields } = await formFields(request);
  if (fields.intent === 'toggle') {
    const id = Number(fields.id);
    if (!Number.isSafeInteger(id) || id < 1 || !(await setCouponActive(db, id, fields.ativo === 'true'))) return data<ActionResult>({ ok: false, message: 'Cupom não encontrado.' }, { status: 404 });
    return { ok: true, message: fields.ativo === 'true' ? 'Cupom ativado.' : 'Cupom desativado.' } satisfies ActionResult;
  }
  const id = fields.id ? Number(fields.id) : null;
  if (id !== null && (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) return data<ActionResult>({ ok: false, message: 'Cupom não encontrado.' }, { status: 404 });
  const parsed = parseCouponForm(fields);
  if (!parsed.ok) return data<ActionResult>({ ok: false, message: 'Revise os campos destacados.', errors: parsed.errors, values: fields }, { status: 400 });
  const saved = await saveCoupon(db, id, parsed.value);
  if (!saved.ok) return data<ActionResult>({ ok: false, message: saved.message, errors: { codigo: saved.message }, values: fields }, { status: 409 });
  if (id !== null) throw redirect('/Admin/Cupons');
  return { ok: true, message: `Cupom ${parsed.value.code.toUpperCase()} criado.` } satisfies ActionResult;
}

function CouponField({
  name,
  label,
  error,
  defaultValue,
  type = 'text',
  hint,
  inputMode,
}: {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: string;
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  const id = `cupom-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : hint ? `${id}-dica` : undefined}
        className={adminInput}
      />
      {hint && !error && (
        <p id={`${id}-dica`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-erro`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, editing } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const v = (k: string, fallback = '') => failed?.values?.[k] ?? fallback;
  const e = failed?.errors ?? {};
  const defaults = editing ?? { id: null, codigo: '', tipo: 'percent', percentual: '', valor: '', minimo: '', inicio: '', fim: '', limite: '', limite_cliente: '', ativo: true };
  return (
    <AdminShell title="Cupons">
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="lista-cupons">
          <h2 id="lista-cupons" className="sr-only">
            Cupons cadastrados
          </h2>
          <ul className="space-y-3">
            {coupons.map((c) => (
              <li key={c.id} className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-mono text-lg font-bold">{c.code}</p>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.active ? 'bg-emerald-100 text-emerald-800' : 'bg-neutral-200 text-neutral-700'}`}>
                    {c.active ? 'Ativo' : 'Inativo'}
                  </span>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-ink-soft">Desconto</dt>
                    <dd className="font-semibold">{c.value}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-soft">Pedido mínimo</dt>
                    <dd>{c.minOrder}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-soft">Usos</dt>
                    <dd>{c.uses}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-soft">Limites</dt>
                    <dd>{c.limits}</dd>
                  </div>
                  <div className="col-span-2 sm:col-span-4">
                    <dt className="text-ink-soft">Validade</dt>
                    <dd>{c.window}</dd>
                  </div>
                </dl>
                <div className="mt-3 flex flex-wrap gap-2 text-sm">
                  <Link to={`?editar=${c.id}`} className={adminSecondaryButton} aria-label={`Editar ${c.code}`}>
                    Editar
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="toggle" />
                    <input type="hidden" name="id" value={c.id} />
                    <input type="hidden" name="ativo" value={c.active ? 'false' : 'true'} />
                    <button type="submit" className={adminSecondaryButton} aria-label={`${c.active ? 'Desativar' : 'Ativar'} ${c.code}`}>
                      {c.active ? 'Desativar' : 'Ativar'}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="form-cupom" className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
          <h2 id="form-cupom" className="text-lg font-bold">
            {editing ? `Editar ${editing.codigo}` : 'Novo cupom'}
          </h2>
          <Form method="post" className="mt-3 space-y-3" key={editing?.id ?? 'novo'}>
            {editing && <input type="hidden" name="id" value={editing.id} />}
            <CouponField name="codigo" label="Código" defaultValue={v('codigo', defaults.codigo)} error={e.codigo} hint="Letras, números, - e _ (o cliente digita sem diferença de maiúsculas)." />
            <fieldset>
              <legend className="text-sm font-semibold">Tipo de desconto</legend>
              <div className="mt-1 flex gap-4 text-sm">
                <label className="flex items-center gap-1.5">
                  <input type="radio" name="tipo" value="percent" defaultChecked={v('tipo', defaults.tipo) === 'percent'} /> Percentual
                </label>
                <label className="flex items-center gap-1.5">
                  <input type="radio" name="tipo" value="fixed" defaultChecked={v('tipo', defaults.tipo) === 'fixed'} /> Valor fixo
                </label>
              </div>
            </fieldset>
            <div className="grid grid-cols-2 gap-3">
              <CouponField name="percentual" label="Percentual (%)" inputMode="numeric" defaultValue={v('percentual', defaults.percentual)} error={e.percentual} />
              <CouponField name="valor" label="Valor fixo (R$)" inputMode="decimal" defaultValue={v('valor', defaults.valor)} error={e.valor} />
            </div>
            <CouponField name="minimo" label="Pedido mínimo (R$)" inputMode="decimal" defaultValue={v('minimo', defaults.minimo)} error={e.minimo} hint="Em branco: qualquer valor." />
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
              <CouponField name="inicio" label="Válido a partir de" type="datetime-local" defaultValue={v('inicio', defaults.inicio)} error={e.inicio} hint="Horário de Brasília." />
              <CouponField name="fim" label="Válido até" type="datetime-local" defaultValue={v('fim', defaults.fim)} error={e.fim} hint="Horário de Brasília." />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <CouponField name="limite" label="Limite de usos" inputMode="numeric" defaultValue={v('limite', defaults.limite)} error={e.limite} hint="Em branco: sem limite." />
              <CouponField
                name="limite_cliente"
                label="Por cliente"
                inputMode="numeric"
                defaultValue={v('limite_cliente', defaults.limite_cliente)}
                error={e.limite_cliente}
                hint="Em branco: sem limite."
              />
            </div>
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input type="checkbox" name="ativo" defaultChecked={failed ? failed.values?.ativo === 'on' : defaults.ativo} /> Ativo
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={adminButton} disabled={busy}>
                {editing ? 'Salvar cupom' : 'Criar cupom'}
              </button>
              {editing && (
                <Link to="/Admin/Cupons" className={adminSecondaryButton}>
                  Cancelar
                </Link>
              )}
            </div>
          </Form>
        </section>
      </div>
    </AdminShell>
  );
}
