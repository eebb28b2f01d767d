// /Admin/Importar: upload a CSV or XLSX, see before anything is written how many rows create, update, stay
// unchanged or fail (each failing row by line, with its reason), then confirm: the rows that passed are
// applied in batches by the durable job runner. The progress bar reads the import's row in the database,
// so it survives a reload (?id=N) and a server restart. The upload goes to a temporary file and is read
// from there as a stream (docs/catalog-import.md); a file over the limits is answered 413, naming the limit.
import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/import';
import { COLUMNS, MAX_IMPORT_BYTES } from '#src/domain/catalog/import/format.ts';
import { createImport, getImport, recentImports } from '#src/domain/catalog/import/import.server.ts';
import type { ImportSummary } from '#src/domain/catalog/import/import.server.ts';
import { withUploadedFile } from '#src/domain/catalog/import/file-store.server.ts';
import { confirmImport } from '#src/domain/catalog/import/job.server.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { AdminShell, adminButton, adminSecondaryButton, Notice } from '#app/components/admin/AdminShell.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { authOf, dbOf, jobsOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Importar catálogo | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

const STATUS_LABEL: Record<ImportSummary['status'], string> = {
  dry_run: 'Simulação (nada gravado)',
  queued: 'Importação em andamento… (na fila)',
  running: 'Importação em andamento…',
  done: 'Concluída',
  failed: 'Interrompida (será retomada)',
};

const view = (s: ImportSummary) => ({
  ...s,
  createdAt: formatDateTime(s.createdAt),
  finishedAt: s.finishedAt ? formatDateTime(s.finishedAt) : null,
  statusLabel: STATUS_LABEL[s.status],
});

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const db = dbOf(context);
  const id = Number(url.searchParams.get('id') ?? '');
  const current = id ? await getImport(db, id) : null;
  if (id && !current) throw data('Importação não encontrada.', { status: 404 });
  const recent = await recentImports(db, 8);
  return { current: current ? view(current) : null, recent: recent.map(view) };
}

const importId = z.coerce.number().int().min(1).max(2_147_483_647);

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, url, authOf(context));
  const db = dbOf(context);
  const form = await request.formData();
  if (form.get('intent') === 'confirmar') {
    const parsed = importId.safeParse(form.get('id'));
    if (!parsed.success) return data({ ok: false, message: 'Importação não encontrada.' }, { status: 404 });
    const id = parsed.data;
    const runner = jobsOf(context);
    if (!runner) return data({ ok: false, message: 'O executor de tarefas não está ativo. Tente novamente em instantes.' }, { status: 503 });
    if (!(await confirmImport(db, runner, id))) return data({ ok: false, message: 'Esta importação já foi confirmada.' }, { status: 409 });
    throw redirect(`/Admin/Importar?id=${id}`);
  }
  const file = form.get('arquivo');
  if (!(file instanceof File) || file.size === 0) return data({ ok: false, message: 'Escolha um arquivo CSV ou XLSX.' }, { status: 400 });
  if (file.size > MAX_IMPORT_BYTES) return data({ ok: false, message: 'A planilha deve ter no máximo 80 MB.' }, { status: 413 });
  if (!/\.(csv|xlsx|txt)$/i.test(file.name)) return data({ ok: false, message: 'Envie um arquivo .csv ou .xlsx.' }, { status: 400 });
  const result = await withUploadedFile(file, (filePath) => createImport(db, { fileName: file.name, path: filePath, userId: user.id }));
  if (!result.ok) return data({ ok: false, message: result.message }, { status: result.status });
  throw redirect(`/Admin/Importar?id=${result.summary.id}`);
}

function Counts({ s, planned }: { s: ReturnType<typeof view>; planned: boolean }) {
  const items = [
    { label: planned ? 'A criar' : 'Criados', value: s.created, tone: 'text-emerald-800' },
    { label: planned ? 'A atualizar' : 'Atualizados', value: s.updated, tone: 'text-sky-800' },
    { label: 'Sem mudança', value: s.unchanged, tone: 'text-ink' },
    { label: 'Com erro', value: s.failed, tone: 'text-red-700' },
  ];
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((i) => (
        <div key={i.label} className="rounded-lg bg-neutral-50 p-3 ring-1 ring-neutral-200">
          <dt className="text-sm text-ink-soft">{i.label}</dt>
          <dd className={`text-2xl font-extrabold ${i.tone}`}>{i.value.toLocaleString('pt-BR')}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  const { current, recent } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const revalidator = useRevalidator();
  const working = current && (current.status === 'queued' || current.status === 'running' || current.status === 'failed');
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [working, revalidator]);
  const percent = current && current.validRows > 0 ? Math.floor((current.processedRows / current.validRows) * 100) : current?.status === 'done' ? 100 : 0;
  return (
    <AdminShell
      title="Importar catálogo"
      actions={
        <a href="/Admin/Produtos/exportar.csv" className={`${adminSecondaryButton} text-sm`}>
          Exportar catálogo (CSV)
        </a>
      }
    >
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      <Form method="post" encType="multipart/form-data" className="mt-4 rounded-xl bg-white p-4 ring-1 ring-neutral-200">
        <label htmlFor="arquivo" className="block font-semibold">
          Planilha (CSV UTF-8 com ; ou , — ou XLSX)
        </label>
        <input
          id="arquivo"
          name="arquivo"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          required
          className="mt-2 block w-full text-sm"
          aria-describedby="arquivo-dica"
        />
        <p id="arquivo-dica" className="mt-2 text-xs text-ink-soft">
          Colunas: {COLUMNS.join(', ')}. Primeiro mostramos o que vai mudar; nada é gravado antes de você confirmar.
        </p>
        <button type="submit" className={`${adminButton} mt-3`} disabled={busy}>
          {busy ? 'Lendo a planilha…' : 'Simular importação'}
        </button>
      </Form>

      {current && (
        <section aria-labelledby="importacao-atual" className="mt-6 rounded-xl bg-white p-4 ring-1 ring-neutral-200">
          <h2 id="importacao-atual" className="text-lg font-bold">
            {current.fileName} <span className="text-sm font-normal text-ink-soft">· {current.createdAt}</span>
          </h2>
          <p className="mt-1 font-semibold" role="status">
            {current.statusLabel}
            {current.status !== 'dry_run' && ` · ${current.processedRows.toLocaleString('pt-BR')} de ${current.validRows.toLocaleString('pt-BR')} linhas válidas`}
          </p>
          {current.status !== 'dry_run' && (
            <div className="mt-2">
              <progress max={100} value={percent} aria-label="Progresso da importação" className="h-3 w-full accent-emerald-600" />
              <p className="text-sm">{percent}%</p>
            </div>
          )}
          {working && <p className="mt-2 text-sm text-ink-soft">Você pode sair desta página: a importação continua no servidor e o resultado fica aqui.</p>}
          <p className="mt-2 text-sm text-ink-soft">{current.totalRows.toLocaleString('pt-BR')} linhas de produtos no arquivo.</p>
          <Counts s={current} planned={current.status === 'dry_run'} />
          {current.message && <p className="mt-3 text-sm text-red-700">{current.message}</p>}
          {current.status === 'dry_run' && (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="confirmar" />
              <input type="hidden" name="id" value={current.id} />
              <button type="submit" className={adminButton} disabled={busy || current.validRows === 0}>
                Confirmar e aplicar {current.validRows.toLocaleString('pt-BR')} linha(s)
              </button>
              <Link to="/Admin/Importar" className={adminSecondaryButton}>
                Descartar
              </Link>
            </Form>
          )}
          {current.errors.length > 0 && (
            <div className="mt-4">
              <h3 className="font-bold">Linhas com erro {current.failed > current.errors.length ? `(primeiras ${current.errors.length})` : ''}</h3>
              <div className="mt-2 max-h-96 overflow-auto rounded-lg ring-1 ring-neutral-200">
                <table className="w-full text-left text-sm">
                  <thead className="sticky top-0 bg-neutral-100">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Linha
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Motivo
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.errors.map((e, i) => (
                      <tr key={i} className="border-t border-neutral-200">
                        <td className="px-3 py-1.5 font-mono">{e.line}</td>
                        <td className="px-3 py-1.5">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
        </section>
      )}

      {recent.length > 0 && (
        <section aria-labelledby="importacoes-recentes" className="mt-6">
          <h2 id="importacoes-recentes" className="text-lg font-bold">
            Importações recentes
          </h2>
          <ul className="mt-2 divide-y divide-neutral-200 rounded-xl bg-white ring-1 ring-neutral-200">
            {recent.map((r) => (
              <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3 text-sm">
                <Link to={`/Admin/Importar?id=${r.id}`} className="font-semibold hover:underline">
                  #{r.id} {r.fileName}
                </Link>
                <span>
                  {r.createdAt} · {r.statusLabel} · {r.created} criados, {r.updated} atualizados, {r.failed} com erro
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </AdminShell>
  );
}
