// /CustomerForm, "Cadastrar Cliente": the signed-in shopper's registration data, saved to their profile
// (the prototype only logged it).
import type { Route } from './+types/customer-form';
import { PersonForm } from '#app/components/PersonForm.tsx';
import { loadProfile, saveProfileForm } from '#app/lib/profile-page.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Cadastrar Cliente | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export const loader = ({ request, url, context }: Route.LoaderArgs) => loadProfile(request, url, context);
export const action = ({ request, url, context }: Route.ActionArgs) => saveProfileForm(request, url, context, '/Informacoes');

export default function CustomerForm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Cadastrar Cliente</h1>
      <p className="mt-2 text-ink-soft">Complete seus dados para agilizar as próximas compras. Todos os campos são obrigatórios.</p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6">
        <PersonForm values={actionData?.values ?? loaderData.values} errors={actionData?.errors} submitLabel="Salvar cadastro" />
      </div>
    </div>
  );
}
