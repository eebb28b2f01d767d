// /MeusProdutos/:id: a seller edits one of their own products (an admin, any). Checked on the server for
// the page and for the POST: another seller's product answers 403 and nothing changes.
import { data, Link } from 'react-router';
import type { Route } from './+types/product-edit';
import { canEditProduct, canSellProducts } from '#src/domain/accounts/roles.ts';
import { getEditableProduct, updateProduct } from '#src/domain/catalog/admin.server.ts';
import type { EditableProduct } from '#src/domain/catalog/admin.server.ts';
import { centsToInput } from '#src/domain/catalog/product-form.ts';
import { ProductForm } from '#app/components/ProductForm.tsx';
import { packageFields } from '#src/domain/catalog/package-input.ts';
import { fiscalFields } from '#src/domain/catalog/fiscal.ts';
import type { ProductValues } from '#app/components/ProductForm.tsx';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { compatibilityGroups, readProductPost } from '#app/lib/product-page.server.ts';
import { productFitment, replaceProductFitment } from '#src/domain/fitment/repository.server.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { compatibilityLines } from '#src/domain/fitment/product-form.ts';
import { requireRole } from '#app/lib/session.server.ts';
import { authOf, catalogChangesOf, dbOf, servicesOf } from '#app/lib/context.server.ts';
import type { LoadContext } from '#app/lib/context.server.ts';

const NOT_YOURS = 'Você só pode editar os produtos que cadastrou.';

export const meta: Route.MetaFunction = () => [{ title: 'Editar produto | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

async function editable(request: Request, url: URL, idParam: string | undefined, context: LoadContext) {
  const user = await requireRole(request, url, authOf(context), canSellProducts);
  const id = Number(idParam);
  const product = Number.isSafeInteger(id) ? await getEditableProduct(dbOf(context), id) : null;
  if (!product) throw data('Produto não encontrado.', { status: 404 });
  if (!canEditProduct(user, product)) throw data(NOT_YOURS, { status: 403 });
  return { user, product };
}

const toValues = (p: EditableProduct): ProductValues => ({
  titulo: p.title,
  descricao: p.description,
  valorantigo: centsToInput(p.oldPriceCents),
  valoratual: centsToInput(p.priceCents),
  desconto: p.onSale ? 'on' : '',
  valordesconto: p.onSale ? String(p.discountPercent) : '',
  categoria: p.category,
  marca: p.brand,
  veiculo: p.vehicleType,
  estado: p.condition,
  estoque: p.variants.length > 0 ? '' : String(p.stock),
  oem: p.oemCodes.join(' | '),
  equivalentes: p.equivalentCodes.join(' | '),
  ficha: p.specs.map((s) => `${s.label}: ${s.value}`).join('\n'),
  variacoes: p.variants.map((x) => `${x.color}; ${x.size}; ${x.stock}`).join('\n'),
  ...packageFields(p.package),
  ...fiscalFields(p.fiscal),
});

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { product } = await editable(request, url, params.id, context);
  const db = dbOf(context);
  const [groups, fitment, fleet] = await Promise.all([compatibilityGroups(dbOf(context)), productFitment(db, product.id), loadFleet(db)]);
  const lines = compatibilityLines(
    fitment.rows.map((r) => ({ vehicleId: r.vehicle.id, yearFrom: r.yearFrom, yearTo: r.yearTo })),
    fleet,
  );
  const compat: ProductValues = Object.fromEntries(
    lines.flatMap((l, i) => [
      [`compat_veiculo_${i + 1}`, l.vehicle],
      [`compat_de_${i + 1}`, l.from],
      [`compat_ate_${i + 1}`, l.to],
    ]),
  );
  return { id: product.id, values: { ...toValues(product), ...compat, universal: fitment.universalTypes.join(',') }, photo: product.photo?.url ?? null, groups };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { user, product } = await editable(request, url, params.id, context);
  const post = await readProductPost(request, dbOf(context), { photoRequired: false, remoteFetch: servicesOf(context).remoteFetch, uploads: servicesOf(context).uploads });
  if (!post.ok) return post.response;
  // The owner checked above must still own it when the update runs (an admin edits any product).
  const saved = await updateProduct(dbOf(context), catalogChangesOf(context), product.id, user.role === 'admin' ? null : user.id, post.input, post.photo, (tx, id) =>
    replaceProductFitment(tx, id, post.compatibility),
  );
  if (!saved) throw data(NOT_YOURS, { status: 403 });
  const old = product.photo?.url;
  if (post.photo && old?.startsWith('/uploads/produtos/')) await servicesOf(context).uploads.remove('produtos', old.slice('/uploads/produtos/'.length));
  return redirectWithFlash('/MeusProdutos', 'produto-editado');
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl py-8">
      <p className="text-sm">
        <Link to="/MeusProdutos" className="underline underline-offset-2">
          Meus produtos
        </Link>{' '}
        › Editar
      </p>
      <h1 className="mt-1 text-2xl font-extrabold sm:text-3xl">Editar produto</h1>
      <p className="mt-2 text-sm">
        <Link to={`/ProductView/${loaderData.id}`} className="underline underline-offset-2">
          Ver na loja
        </Link>
      </p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6">
        <ProductForm values={actionData?.values ?? loaderData.values} errors={actionData?.errors} submitLabel="Salvar alterações" currentPhoto={loaderData.photo} groups={loaderData.groups} />
      </div>
    </div>
  );
}
