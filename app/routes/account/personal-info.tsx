// /Informacoes: the signed-in shopper's personal information, shown and editable.
import { Link } from 'react-router';
import type { Route } from './+types/personal-info';
import { Panel, PersonForm } from '#app/components/PersonForm.tsx';
import { loadProfile, saveProfileForm } from '#app/lib/profile-page.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Informações pessoais | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export const loader = ({ request, url, context }: Route.LoaderArgs) => loadProfile(request, url, context);
export const action = ({ request, url, context }: Route.ActionArgs) => saveProfileForm(request, url, context, '/Informacoes');

const LABELS: [keyof Route.ComponentProps['loaderData']['values'], string][] = [
  ['nome', 'Nome completo'],
  ['email', 'E-mail de contato'],
  ['cpf', 'CPF'],
  ['celular', 'Celular'],
  ['endereco', 'Endereço'],
  ['bairro', 'Bairro'],
  ['cidade', 'Cidade'],
  ['cep', 'CEP'],
];

export default function PersonalInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { values, complete, loginEmail } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div>
        <p className="text-sm">
          <Link to="/MinhaConta" className="underline underline-offset-2">
            Minha conta
          </Link>{' '}
          › Informações
        </p>
        <h1 className="mt-1 text-2xl font-extrabold sm:text-3xl">Informações pessoais</h1>
        <p className="mt-2 text-ink-soft">Você entra na loja com o e-mail {loginEmail}.</p>
      </div>
      <Panel title="Seus dados" id="seus-dados">
        {complete ? (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {LABELS.map(([key, label]) => (
              <div key={key}>
                <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
                <dd className="mt-0.5 break-words">{values[key]}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-ink-soft">Você ainda não completou seu cadastro. Preencha os dados abaixo.</p>
        )}
      </Panel>
      <Panel title={complete ? 'Editar informações' : 'Completar cadastro'} id="editar">
        <PersonForm values={actionData?.values ?? values} errors={actionData?.errors} submitLabel="Salvar informações" />
      </Panel>
    </div>
  );
}
