// /SellerForm, "Cadastrar Vendedor": a signed-in shopper applies to sell. The application is saved as
// pending; an admin approves it (the account becomes a seller) or rejects it at /Admin/Vendedores.
import { data, Link } from 'react-router';
import type { Route } from './+types/seller-form';
import { formatDate } from '#src/platform/datetime.ts';
import { latestApplication, submitSellerApplication } from '#src/domain/accounts/sellers.server.ts';
import { STATUS_LABEL } from '#src/domain/accounts/sellers.ts';
import { FormNotice } from '#app/components/Form.tsx';
import { PersonForm } from '#app/components/PersonForm.tsx';
import type { PersonValues } from '#app/components/PersonForm.tsx';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { loadProfile } from '#app/lib/profile-page.server.ts';
import { parsePersonForm } from '#app/lib/person-form.server.ts';
import { requireUser } from '#app/lib/session.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Cadastrar Vendedor | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, url, authOf(context));
  const [profile, application] = await Promise.all([loadProfile(request, url, context), latestApplication(dbOf(context), user.id)]);
  return {
    role: user.role,
    values: profile.values,
    application: application && { status: application.status, createdAt: application.createdAt.toISOString() },
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url, authOf(context));
  const parsed = parsePersonForm(await request.formData());
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await submitSellerApplication(dbOf(context), user.id, parsed.value);
  if (!result.ok) return data({ errors: { [result.field]: result.message } as PersonValues & { _form?: string }, values: parsed.values }, { status: 409 });
  return redirectWithFlash('/MinhaConta', 'vendedor');
}

export default function SellerForm({ loaderData, actionData }: Route.ComponentProps) {
  const { role, application } = loaderData;
  const pending = application?.status === 'pending';
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Cadastrar Vendedor</h1>
      {role !== 'customer' ? (
        <div className="mt-6 space-y-4">
          <FormNotice kind="info">Sua conta já é de vendedor. Cadastre seus produtos e acompanhe suas vendas.</FormNotice>
          <p className="flex flex-wrap gap-3">
            <Link to="/CriarProduto" className="rounded-lg bg-brand px-5 py-3 font-semibold text-ink hover:bg-brand-dark">
              Cadastrar Produto
            </Link>
            <Link to="/MeusProdutos" className="rounded-lg border border-neutral-300 px-5 py-3 font-semibold hover:bg-white">
              Meus produtos
            </Link>
          </p>
        </div>
      ) : pending ? (
        <div className="mt-6">
          <FormNotice kind="info">
            Seu pedido para vender está <strong>{STATUS_LABEL.pending.toLowerCase()}</strong> desde {formatDate(application.createdAt)}. Avisaremos quando for analisado.
          </FormNotice>
        </div>
      ) : (
        <>
          <p className="mt-2 text-ink-soft">Venda suas peças na Olimpo. Preencha seus dados: nossa equipe analisa o pedido e libera o cadastro de produtos. Todos os campos são obrigatórios.</p>
          {application?.status === 'rejected' && (
            <div className="mt-4">
              <FormNotice kind="info">Seu pedido anterior foi recusado. Confira seus dados e envie de novo.</FormNotice>
            </div>
          )}
          <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6">
            <PersonForm values={actionData?.values ?? loaderData.values} errors={actionData?.errors} submitLabel="Enviar pedido para vender" />
          </div>
        </>
      )}
    </div>
  );
}
