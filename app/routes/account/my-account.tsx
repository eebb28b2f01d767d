// /MinhaConta, "Minha conta": the shopper's pages in one place, and their LGPD rights: download all their
// data (JSON) and delete the account (orders stay for fiscal records, without personal data).
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/my-account';
import { anonymizeUser } from '#src/domain/accounts/privacy.server.ts';
import { ROLE_LABEL } from '#src/domain/accounts/roles.ts';
import { latestApplication } from '#src/domain/accounts/sellers.server.ts';
import { STATUS_LABEL } from '#src/domain/accounts/sellers.ts';
import { Field, FormNotice, SubmitButton } from '#app/components/Form.tsx';
import { Panel } from '#app/components/PersonForm.tsx';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { requireUser } from '#app/lib/session.server.ts';
import { authOf, catalogChangesOf, dbOf } from '#app/lib/context.server.ts';

const CONFIRM_WORD = 'EXCLUIR';

export const meta: Route.MetaFunction = () => [{ title: 'Minha conta | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, url, authOf(context));
  const application = user.role === 'customer' ? await latestApplication(dbOf(context), user.id) : null;
  return { user: { name: user.name, email: user.email, role: user.role }, application: application && { status: application.status, createdAt: application.createdAt.toISOString() } };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url, authOf(context));
  const form = await request.formData();
  if (form.get('intent') !== 'excluir') return data({ error: 'Ação desconhecida.' }, { status: 400 });
  if (
    String(form.get('confirmacao') ?? '')
      .trim()
      .toUpperCase() !== CONFIRM_WORD
  ) {
    return data({ error: `Para excluir, digite ${CONFIRM_WORD} no campo de confirmação.` }, { status: 400 });
  }
  const out = await authOf(context)
    .betterAuth.api.signOut({ headers: request.headers, returnHeaders: true })
    .catch(() => null);
  await anonymizeUser(dbOf(context), catalogChangesOf(context), user.id);
  return redirectWithFlash('/', 'conta-excluida', out?.headers);
}

const linkCard = 'block rounded-xl border border-neutral-200 bg-white p-4 font-semibold hover:border-brand hover:shadow-sm';

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { user, application } = loaderData;
  const navigation = useNavigation();
  const seller = user.role === 'seller' || user.role === 'admin';
  return (
    <div className="container-page max-w-4xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Minha conta</h1>
        <p className="mt-2 text-ink-soft">
          {user.name} · {user.email} · {ROLE_LABEL[user.role]}
        </p>
      </div>

      <nav aria-label="Minha conta">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <li>
            <Link to="/Pedidos" className={linkCard}>
              Meus pedidos
              <span className="block text-sm font-normal text-ink-soft">Acompanhe suas compras</span>
            </Link>
          </li>
          <li>
            <Link to="/Favoritos" className={linkCard}>
              Favoritos
              <span className="block text-sm font-normal text-ink-soft">Produtos que você guardou</span>
            </Link>
          </li>
          <li>
            <Link to="/Informacoes" className={linkCard}>
              Informações pessoais
              <span className="block text-sm font-normal text-ink-soft">Nome, CPF, celular e endereço</span>
            </Link>
          </li>
          <li>
            <Link to="/CriarFormulario" className={linkCard}>
              Endereços de entrega
              <span className="block text-sm font-normal text-ink-soft">Usados no checkout</span>
            </Link>
          </li>
          {seller ? (
            <>
              <li>
                <Link to="/MeusProdutos" className={linkCard}>
                  Meus produtos
                  <span className="block text-sm font-normal text-ink-soft">Veja e edite o que você vende</span>
                </Link>
              </li>
              <li>
                <Link to="/CriarProduto" className={linkCard}>
                  Cadastrar Produto
                  <span className="block text-sm font-normal text-ink-soft">Anuncie uma nova peça</span>
                </Link>
              </li>
            </>
          ) : (
            <li>
              <Link to="/SellerForm" className={linkCard}>
                Cadastrar Vendedor
                <span className="block text-sm font-normal text-ink-soft">{application ? `Seu pedido: ${STATUS_LABEL[application.status]}` : 'Cadastre-se como vendedor'}</span>
              </Link>
            </li>
          )}
          {user.role === 'admin' && (
            <li>
              <Link to="/Admin" className={linkCard}>
                Painel da loja
                <span className="block text-sm font-normal text-ink-soft">Vendas, produtos, importação, cupons, pedidos e clientes</span>
              </Link>
            </li>
          )}
          {user.role === 'admin' && (
            <li>
              <Link to="/Admin/Vendedores" className={linkCard}>
                Pedidos de vendedores
                <span className="block text-sm font-normal text-ink-soft">Aprovar ou recusar</span>
              </Link>
            </li>
          )}
          {user.role === 'admin' && (
            <li>
              <Link to="/Admin/Pedidos" className={linkCard}>
                Gerenciar pedidos
                <span className="block text-sm font-normal text-ink-soft">Situação e código de rastreio</span>
              </Link>
            </li>
          )}
        </ul>
      </nav>

      <Panel title="Seus dados (LGPD)" id="lgpd">
        <p className="text-sm text-ink-soft">
          Você pode baixar tudo o que guardamos sobre você, a qualquer momento, e excluir sua conta. Ao excluir, seus dados pessoais são apagados; os pedidos ficam guardados sem dados pessoais, como
          exige a lei fiscal.
        </p>
        <a href="/api/account/export" download="meus-dados-olimpo-pecas.json" className="mt-4 inline-block rounded-lg border border-neutral-300 bg-white px-4 py-2.5 font-semibold hover:bg-neutral-50">
          Baixar meus dados (JSON)
        </a>
        <details className="mt-6 rounded-lg border border-red-200 p-4" open={!!actionData?.error}>
          <summary className="cursor-pointer font-semibold text-red-800">Excluir minha conta</summary>
          <Form method="post" noValidate className="mt-4 space-y-4">
            <p className="text-sm">
              Esta ação não pode ser desfeita. Para confirmar, digite <strong>{CONFIRM_WORD}</strong> abaixo.
            </p>
            {actionData?.error && <FormNotice>{actionData.error}</FormNotice>}
            <Field name="confirmacao" label="Confirmação" autoComplete="off" maxLength={20} />
            <SubmitButton
              name="intent"
              value="excluir"
              busy={navigation.state === 'submitting'}
              className="rounded-lg bg-red-700 px-5 py-2.5 font-bold text-white hover:bg-red-800 disabled:opacity-70"
            >
              Excluir minha conta
            </SubmitButton>
          </Form>
        </details>
      </Panel>
    </div>
  );
}
