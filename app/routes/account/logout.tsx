// /Sair: ends the session (Better Auth deletes it and expires the cookie). A GET shows a button, so a link
// or an image elsewhere can never sign anyone out.
import { Form, redirect } from 'react-router';
import type { Route } from './+types/logout';
import { AuthCard, SubmitButton } from '#app/components/Form.tsx';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { getSessionUser } from '#app/lib/session.server.ts';
import { authOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Sair | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getSessionUser(request, authOf(context)))) throw redirect('/');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const out = await authOf(context)
    .betterAuth.api.signOut({ headers: request.headers, returnHeaders: true })
    .catch(() => null);
  return redirectWithFlash('/', 'saida', out?.headers);
}

export default function Logout() {
  return (
    <AuthCard title="Sair da conta">
      <Form method="post">
        <p className="mb-4 text-sm text-ink-soft">Deseja sair da sua conta neste navegador?</p>
        <SubmitButton>Sair</SubmitButton>
      </Form>
    </AuthCard>
  );
}
