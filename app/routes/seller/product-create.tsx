// /CriarProduto, "Cadastrar Produto": approved sellers and admins list a product. Guests are sent to sign
// in; other accounts get the 403 page — on the page and on a direct POST alike (checked here, on the server).
import { Link } from 'react-router';
import type { Route } from './+types/product-create';
import { canSellProducts } from '#src/domain/accounts/roles.ts';
import { createProduct } from '#src/domain/catalog/admin.server.ts';
import { ProductForm } from '#app/components/ProductForm.tsx';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { compatibilityGroups, readProductPost } from '#app/lib/product-page.server.ts';
import { replaceProductFitment } from '#src/domain/fitment/repository.server.ts';
import { requireRole } from '#app/lib/session.server.ts';
import { authOf, catalogChangesOf, dbOf, servicesOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Cadastrar Produto | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireRole(request, url, authOf(context), canSellProducts);
  return { groups: await compatibilityGroups(dbOf(context)) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const seller = await requireRole(request, url, authOf(context), canSellProducts);
  const post = await readProductPost(request, dbOf(context), { photoRequired: true, remoteFetch: servicesOf(context).remoteFetch, uploads: servicesOf(context).uploads });
  if (!post.ok) return post.response;
  const id = await createProduct(dbOf(context), catalogChangesOf(context), seller.id, post.input, post.photo!, (tx, productId) => replaceProductFitment(tx, productId, post.compatibility));
  return redirectWithFlash(`/ProductView/${id}`, 'produto');
}

export default function CreateProduct({ actionData, loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl py-8">
      <p className="text-sm">
        <Link to="/MeusProdutos" className="underline underline-offset-2">
          Meus produtos
        </Link>{' '}
        › Cadastrar Produto
      </p>
      <h1 className="mt-1 text-2xl font-extrabold sm:text-3xl">Cadastrar Produto</h1>
      <p className="mt-2 text-ink-soft">O produto aparece na loja e na busca assim que você salvar. Os preços seguem o formato 1.234,56.</p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6">
        <ProductForm values={actionData?.values} errors={actionData?.errors} submitLabel="Cadastrar Produto" groups={loaderData.groups} />
      </div>
    </div>
  );
}
