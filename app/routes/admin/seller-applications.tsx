// /Admin/Vendedores: admins review seller applications. Approving makes that account a seller.
import { data, Form } from 'react-router';
import type { Route } from './+types/seller-applications';
import { isAdmin } from '#src/domain/accounts/roles.ts';
import { listSellerApplications, reviewSellerApplication } from '#src/domain/accounts/sellers.server.ts';
import { STATUS_LABEL } from '#src/domain/accounts/sellers.ts';
import { FormNotice } from '#app/components/Form.tsx';
import { applyMask } from '#app/lib/masks.ts';
import { requireRole } from '#app/lib/session.server.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

const ADMIN_ONLY = 'Esta página é só para administradores.';

export const meta: Route.MetaFunction = () => [{ title: 'Pedidos de vendedores | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireRole(request, url, authOf(context), isAdmin, ADMIN_ONLY);
  const applications = await listSellerApplications(dbOf(context));
  return {
    applications: applications.map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), reviewedAt: a.reviewedAt?.toISOString() ?? null })),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = await requireRole(request, url, authOf(context), isAdmin, ADMIN_ONLY);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const decision = form.get('decisao');
  if (!Number.isSafeInteger(id) || id < 1 || (decision !== 'aprovar' && decision !== 'recusar')) {
    return data({ ok: false, message: 'Pedido inválido.' }, { status: 400 });
  }
  const result = await reviewSellerApplication(dbOf(context), admin.id, id, decision === 'aprovar' ? 'approve' : 'reject');
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 409 });
  return { ok: true, message: result.status === 'approved' ? 'Pedido aprovado: a conta agora é de vendedor.' : 'Pedido recusado.' };
}

export default function SellerApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { applications } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Pedidos de vendedores</h1>
      <div className="mt-4 min-h-6">{actionData && <FormNotice kind={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormNotice>}</div>
      {applications.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nenhum pedido até agora.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {applications.map((a) => (
            <li key={a.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" aria-label={`Pedido de ${a.name}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="text-lg font-bold">{a.name}</p>
                  <p className="text-sm text-ink-soft">
                    Conta {a.accountEmail} · enviado em {formatDate(a.createdAt)}
                  </p>
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${a.status === 'pending' ? 'bg-amber-100 text-amber-900' : a.status === 'approved' ? 'bg-emerald-100 text-emerald-900' : 'bg-neutral-200 text-ink'}`}
                >
                  {STATUS_LABEL[a.status]}
                </span>
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                <div>
                  <dt className="inline font-semibold">E-mail: </dt>
                  <dd className="inline">{a.email}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">CPF: </dt>
                  <dd className="inline">{applyMask('cpf', a.cpf)}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Celular: </dt>
                  <dd className="inline">{applyMask('celular', a.phone)}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Endereço: </dt>
                  <dd className="inline">
                    {a.street}, {a.district}, {a.city}, CEP {applyMask('cep', a.cep)}
                  </dd>
                </div>
              </dl>
              {a.status === 'pending' && (
                <Form method="post" className="mt-4 flex gap-3">
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" name="decisao" value="aprovar" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
                    Aprovar
                  </button>
                  <button type="submit" name="decisao" value="recusar" className="rounded-lg border border-neutral-300 px-4 py-2 font-semibold hover:bg-neutral-50">
                    Recusar
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
