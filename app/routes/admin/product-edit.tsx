// /Admin/Produtos/:id: edit a product's price, old price, stock (per variant when it has them), status
// and content; shows the price history (who changed what). Sellers reach only their own products.
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/product-edit';
import { getAdminProduct, saveAdminProduct } from '#src/domain/catalog/back-office.server.ts';
import { MAX_STOCK } from '#src/domain/catalog/product-form.ts';
import { MAX_PRICE_CENTS } from '#src/domain/catalog/query.ts';
import { parsePriceParam } from '#src/domain/pricing/money.ts';
import { formatBRL, formatCentsDecimal } from '#src/domain/pricing/money.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { AdminShell, adminButton, adminInput, adminSecondaryButton, Notice } from '#app/components/admin/AdminShell.tsx';
import { formFields, requireCatalogEditor } from '#app/lib/admin.server.ts';
import { authOf, catalogChangesOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.product.title ?? 'Produto'} | Administração | Olimpo Peças` }, { name: 'robots', content: 'noindex' }];

const SOURCE_LABEL: Record<string, string> = { edicao: 'edição', lote: 'ação em lote', importacao: 'importação' };

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const user = await requireCatalogEditor(request, url, authOf(context));
  const product = await getAdminProduct(dbOf(context), Number(params.id), user.sellerId);
  if (!product) throw data('Produto não encontrado.', { status: 404 });
  return {
    sellerView: user.sellerId !== null,
    product: {
      ...product,
      priceText: formatCentsDecimal(product.priceCents),
      oldPriceText: formatCentsDecimal(product.oldPriceCents),
      priceHistory: product.priceHistory.map((h) => ({
        at: formatDateTime(h.at),
        from: formatBRL(h.oldPriceCents),
        to: formatBRL(h.newPriceCents),
        how: SOURCE_LABEL[h.source] ?? h.source,
        who: h.who ?? 'linha de comando',
      })),
    },
  };
}

const money = (label: string, required: boolean) =>
  z.string().transform((raw, ctx) => {
    const cents = parsePriceParam(raw);
    if (cents === null) {
      if (required) ctx.addIssue({ code: 'custom', message: `Informe ${label}.` });
      return null;
    }
    if (!Number.isFinite(cents) || cents < 0 || cents > MAX_PRICE_CENTS || (required && cents === 0)) {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido: use o formato 1.234,56.' });
      return z.NEVER;
    }
    return cents;
  });
const stock = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, `Estoque inválido: use um número inteiro de 0 a ${MAX_STOCK}.`)
  .transform(Number)
  .refine((n) => n <= MAX_STOCK, `Estoque inválido: use um número inteiro de 0 a ${MAX_STOCK}.`);
const codes = z
  .string()
  .max(2000, 'Lista longa demais.')
  .transform((s) =>
    s
      .split(/[|\n]/)
      .map((c) => c.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .slice(0, 50),
  );
const editSchema = z.object({
  titulo: z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(3, 'O título deve ter de 3 a 120 caracteres.').max(120, 'O título deve ter de 3 a 120 caracteres.')),
  descricao: z.string().trim().min(10, 'A descrição deve ter de 10 a 4000 caracteres.').max(4000, 'A descrição deve ter de 10 a 4000 caracteres.'),
  preco: money('o preço', true),
  preco_antigo: money('o preço antigo', false),
  estoque: stock,
  ativo: z.string().optional(),
  oem: codes,
  equivalentes: codes,
});

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const user = await requireCatalogEditor(request, url, authOf(context));
  const id = Number(params.id);
  const db = dbOf(context);
  const current = await getAdminProduct(db, id, user.sellerId);
  if (!current) throw data('Produto não encontrado.', { status: 404 });
  const { fields } = await formFields(request);
  const parsed = editSchema.safeParse({
    titulo: fields.titulo ?? '',
    descricao: fields.descricao ?? '',
    preco: fields.preco ?? '',
    preco_antigo: fields.preco_antigo ?? '',
    estoque: fields.estoque ?? '0',
    ativo: fields.ativo,
    oem: fields.oem ?? '',
    equivalentes: fields.equivalentes ?? '',
  });
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  const variantStock = new Map<number, number>();
  for (const v of current.variants) {
    const raw = fields[`variante_${v.id}`];
    if (raw === undefined) continue;
    const n = stock.safeParse(raw);
    if (!n.success) errors[`variante_${v.id}`] = n.error.issues[0]!.message;
    else variantStock.set(v.id, n.data);
  }
  if (!parsed.success || Object.keys(errors).length) return data({ ok: false, message: 'Revise os campos destacados.', errors, values: fields }, { status: 400 });
  const v = parsed.data;
  if (v.preco_antigo !== null && v.preco_antigo !== 0 && v.preco_antigo < v.preco!) {
    return data({ ok: false, message: 'Revise os campos destacados.', errors: { preco_antigo: 'O preço antigo deve ser maior que o preço (ou fique em branco).' }, values: fields }, { status: 400 });
  }
  const saved = await saveAdminProduct(
    db,
    catalogChangesOf(context),
    id,
    { userId: user.id, sellerId: user.sellerId },
    {
      title: v.titulo,
      description: v.descricao,
      priceCents: v.preco!,
      oldPriceCents: v.preco_antigo || null,
      stock: v.estoque,
      active: v.ativo === 'on',
      oemCodes: v.oem,
      equivalentCodes: v.equivalentes,
      variantStock,
    },
  );
  if (!saved) throw data('Produto não encontrado.', { status: 404 });
  return { ok: true, message: 'Produto salvo.', errors: {} as Record<string, string>, values: undefined };
}

function Input({
  name,
  label,
  defaultValue,
  error,
  inputMode,
  textarea,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  inputMode?: 'decimal' | 'numeric';
  textarea?: boolean;
}) {
  const id = `produto-${name}`;
  const common = { id, name, defaultValue, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-erro` : undefined, className: adminInput } as const;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {textarea ? <textarea rows={5} {...common} /> : <input inputMode={inputMode} {...common} />}
      {error && (
        <p id={`${id}-erro`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product: p, sellerView } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> | undefined = actionData && !actionData.ok ? actionData.values : undefined;
  const val = (k: string, d: string) => values?.[k] ?? d;
  return (
    <AdminShell
      title={p.title}
      sellerView={sellerView}
      actions={
        <Link to="/Admin/Produtos" className={`${adminSecondaryButton} text-sm`}>
          ← Produtos
        </Link>
      }
    >
      <p className="mt-1 text-sm text-ink-soft">
        Ref. {p.refCode} · {p.brand} ·{' '}
        <Link to={`/ProductView/${p.id}`} className="underline">
          ver na loja
        </Link>
      </p>
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem]">
        {/* Keyed by the saved values: after a save the fields show what the database now holds. */}
        <Form
          method="post"
          className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-neutral-200"
          key={JSON.stringify([p.title, p.description, p.priceText, p.oldPriceText, p.stock, p.active, p.oemCodes, p.equivalentCodes, p.variants])}
        >
          <Input name="titulo" label="Título" defaultValue={val('titulo', p.title)} error={errors.titulo} />
          <Input name="descricao" label="Descrição" defaultValue={val('descricao', p.description)} error={errors.descricao} textarea />
          <div className="grid gap-4 sm:grid-cols-3">
            <Input name="preco" label="Preço (R$)" inputMode="decimal" defaultValue={val('preco', p.priceText)} error={errors.preco} />
            <Input name="preco_antigo" label="Preço antigo (R$)" inputMode="decimal" defaultValue={val('preco_antigo', p.oldPriceText)} error={errors.preco_antigo} />
            {p.variants.length === 0 ? (
              <Input name="estoque" label="Estoque" inputMode="numeric" defaultValue={val('estoque', String(p.stock))} error={errors.estoque} />
            ) : (
              <p className="text-sm">
                <span className="block font-semibold">Estoque total</span>
                {p.stock} (soma das variações)
              </p>
            )}
          </div>
          {p.variants.length > 0 && (
            <fieldset>
              <legend className="text-sm font-semibold">Estoque por variação</legend>
              <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {p.variants.map((v) => (
                  <Input
                    key={v.id}
                    name={`variante_${v.id}`}
                    label={`${v.color} ${v.size}`}
                    inputMode="numeric"
                    defaultValue={val(`variante_${v.id}`, String(v.stock))}
                    error={errors[`variante_${v.id}`]}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <Input name="oem" label="Códigos OEM (separados por |)" defaultValue={val('oem', p.oemCodes.join(' | '))} error={errors.oem} />
          <Input name="equivalentes" label="Equivalentes (Marca CÓDIGO, separados por |)" defaultValue={val('equivalentes', p.equivalentCodes.join(' | '))} error={errors.equivalentes} />
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input type="checkbox" name="ativo" defaultChecked={values ? values.ativo === 'on' : p.active} /> Ativo (visível na loja)
          </label>
          <button type="submit" className={adminButton} disabled={busy}>
            Salvar produto
          </button>
        </Form>
        <section aria-labelledby="historico-precos" className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
          <h2 id="historico-precos" className="font-bold">
            Histórico de preços
          </h2>
          {p.priceHistory.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">Nenhuma alteração registrada.</p>
          ) : (
            <ol className="mt-2 space-y-2 text-sm">
              {p.priceHistory.map((h, i) => (
                <li key={i}>
                  <span className="font-semibold">{h.at}</span>: {h.from} → {h.to}
                  <br />
                  <span className="text-ink-soft">
                    {h.who}, {h.how}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </AdminShell>
  );
}
