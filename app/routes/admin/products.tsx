// /Admin/Produtos: every product (active or not) with search (text and codes), filters (brand, category,
// status, low stock) and pages; bulk activate/deactivate and a percentage price change on the selection.
// Sellers see and change only their own products.
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatInteger } from '#src/platform/numbers.ts';
import type { Route } from './+types/products';
import { bulkUpdateProducts, listAdminProducts, listBrands, MAX_BULK, ownsAll } from '#src/domain/catalog/back-office.server.ts';
import type { BulkAction } from '#src/domain/catalog/back-office.server.ts';
import { CATEGORIES, labelOf } from '#src/domain/catalog/taxonomy.ts';
import { LOW_STOCK_THRESHOLD } from '#src/domain/catalog/stock.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { AdminShell, adminButton, adminInput, adminSecondaryButton, Notice, Pager } from '#app/components/admin/AdminShell.tsx';
import { requireCatalogEditor } from '#app/lib/admin.server.ts';
import { authOf, catalogChangesOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Produtos | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

const filterSchema = z.object({
  q: z.string().max(100).catch(''),
  marca: z.string().max(80).catch(''),
  categoria: z.string().max(40).catch(''),
  status: z.enum(['', 'ativo', 'inativo']).catch(''),
  estoque_baixo: z.string().optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
  // Keyset: the page continues after this product id ("Próxima").
  apos: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  // Keyset backwards: the page before the one starting at this product id ("Anterior").
  antes: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
});

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireCatalogEditor(request, url, authOf(context));
  const f = filterSchema.parse(Object.fromEntries(url.searchParams));
  const db = dbOf(context);
  const [list, brands] = await Promise.all([
    listAdminProducts(db, {
      q: f.q,
      brand: f.marca,
      category: f.categoria,
      status: f.status,
      lowStock: f.estoque_baixo === '1',
      page: f.pagina,
      after: f.apos ?? null,
      before: f.antes ?? null,
      sellerId: user.sellerId,
    }),
    listBrands(db),
  ]);
  return { ...list, brands, filter: f, sellerView: user.sellerId !== null, search: url.search };
}

const bulkSchema = z.object({
  acao: z.enum(['ativar', 'desativar', 'preco'], { error: 'Escolha uma ação.' }),
  percentual: z.string().trim().max(10).optional(),
});

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireCatalogEditor(request, url, authOf(context));
  const form = await request.formData();
  const ids = form.getAll('ids').map((v) => Number(v));
  if (ids.length === 0) return data({ ok: false, message: 'Selecione ao menos um produto.' }, { status: 400 });
  if (ids.length > MAX_BULK || ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) return data({ ok: false, message: 'Seleção inválida.' }, { status: 400 });
  const parsed = bulkSchema.safeParse({ acao: form.get('acao'), percentual: form.get('percentual') ?? undefined });
  if (!parsed.success) return data({ ok: false, message: 'Escolha uma ação.' }, { status: 400 });
  let bulk: BulkAction;
  if (parsed.data.acao === 'preco') {
    const text = (parsed.data.percentual ?? '').replace(',', '.');
    const percent = Number(text);
    if (!/^[+-]?\d{1,3}(\.\d{1,2})?$/.test(text) || percent === 0 || percent <= -90 || percent > 500) {
      return data({ ok: false, message: 'Percentual inválido: use um número entre -89,99 e 500 (ex.: 10 para +10 %, -5 para -5 %).' }, { status: 400 });
    }
    bulk = { kind: 'price', percent };
  } else bulk = { kind: parsed.data.acao === 'ativar' ? 'activate' : 'deactivate' };
  // A seller's selection may only hold their own products: anything else refuses the whole action.
  if (!(await ownsAll(dbOf(context), ids, user.sellerId))) return data({ ok: false, message: 'Você só pode alterar os seus próprios produtos.' }, { status: 403 });
  const n = await bulkUpdateProducts(dbOf(context), catalogChangesOf(context), ids, { userId: user.id, sellerId: user.sellerId }, bulk);
  const what = bulk.kind === 'price' ? 'com preço alterado' : bulk.kind === 'activate' ? 'ativado(s)' : 'desativado(s)';
  return { ok: true, message: `${n} produto(s) ${what}.` };
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, totalIsLowerBound, page, pages, nextAfter, prevBefore, brands, filter, sellerView, search } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <AdminShell
      title={sellerView ? 'Meus produtos' : 'Produtos'}
      sellerView={sellerView}
      actions={
        !sellerView && (
          <div className="flex flex-wrap gap-2 text-sm">
            <Link to="/Admin/Importar" className={adminSecondaryButton}>
              Importar planilha
            </Link>
            <a href="/Admin/Produtos/exportar.csv" className={adminSecondaryButton} download>
              Exportar CSV
            </a>
          </div>
        )
      }
    >
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      <Form method="get" className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-neutral-200 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <label className="text-sm font-semibold lg:col-span-2">
          Buscar (título, referência, código OEM)
          <input name="q" type="search" defaultValue={filter.q} className={adminInput} />
        </label>
        <label className="text-sm font-semibold">
          Marca
          <select name="marca" defaultValue={filter.marca} className={adminInput}>
            <option value="">Todas</option>
            {brands.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Categoria
          <select name="categoria" defaultValue={filter.categoria} className={adminInput}>
            <option value="">Todas</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Situação
          <select name="status" defaultValue={filter.status} className={adminInput}>
            <option value="">Todas</option>
            <option value="ativo">Ativos</option>
            <option value="inativo">Inativos</option>
          </select>
        </label>
        <div className="flex flex-col justify-end gap-2">
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input type="checkbox" name="estoque_baixo" value="1" defaultChecked={filter.estoque_baixo === '1'} /> Estoque baixo (≤ {LOW_STOCK_THRESHOLD})
          </label>
          <button type="submit" className={adminButton}>
            Filtrar
          </button>
        </div>
      </Form>
      <p className="mt-4 text-sm text-ink-soft" role="status">
        {totalIsLowerBound ? `Mais de ${formatInteger(total)} produtos encontrados.` : `${formatInteger(total)} produto(s) encontrado(s).`}
      </p>
      <Form method="post" className="mt-2">
        <fieldset className="flex flex-wrap items-end gap-2 rounded-xl bg-white p-3 text-sm ring-1 ring-neutral-200">
          <legend className="sr-only">Ações em lote</legend>
          <label className="font-semibold">
            Ação nos selecionados
            <select name="acao" className={adminInput} defaultValue="ativar">
              <option value="ativar">Ativar</option>
              <option value="desativar">Desativar</option>
              <option value="preco">Alterar preço (%)</option>
            </select>
          </label>
          <label className="font-semibold">
            Percentual
            <input name="percentual" inputMode="decimal" placeholder="ex.: 10 ou -5" className={`${adminInput} w-32`} />
          </label>
          <button type="submit" className={adminButton} disabled={busy}>
            Aplicar
          </button>
        </fieldset>
        <ul className="mt-3 divide-y divide-neutral-200 rounded-xl bg-white ring-1 ring-neutral-200">
          {rows.map((p) => (
            <li key={p.id} className="flex items-center gap-3 p-3">
              <input type="checkbox" name="ids" value={p.id} aria-label={`Selecionar ${p.title}`} className="h-5 w-5 shrink-0" />
              {p.image ? <img src={p.image} alt="" width={48} height={48} loading="lazy" className="hidden h-12 w-12 shrink-0 rounded border border-neutral-200 object-contain sm:block" /> : null}
              <div className="min-w-0 flex-1">
                <Link to={`/Admin/Produtos/${p.id}`} className="font-semibold hover:underline">
                  {p.title}
                </Link>
                <p className="text-xs text-ink-soft">
                  Ref. {p.refCode} · {p.brand} · {labelOf.category(p.category)}
                  {p.variants > 0 ? ` · ${p.variants} variações` : ''}
                </p>
              </div>
              <div className="shrink-0 text-right text-sm">
                <p className="font-semibold">{formatBRL(p.priceCents)}</p>
                <p className={p.stock <= LOW_STOCK_THRESHOLD ? 'font-semibold text-red-700' : ''}>{p.stock} em estoque</p>
                {!p.active && <p className="text-xs font-semibold text-neutral-600">Inativo</p>}
              </div>
            </li>
          ))}
        </ul>
      </Form>
      <Pager page={page} pages={pages} search={search} nextAfter={nextAfter} prevBefore={prevBefore} pagesAtLeast={totalIsLowerBound} />
    </AdminShell>
  );
}
