// /Login: "Acesse sua conta" — e-mail and password, or Google/Facebook. Works without JavaScript: the
// form posts to this action, which signs in through Better Auth's server API and forwards its cookie.
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { MSG, socialErrorMessage } from '#src/domain/accounts/messages.ts';
import { fieldErrorsOf, signInSchema } from '#src/domain/accounts/validation.ts';
import { AuthCard, Field, FormNotice, SubmitButton } from '#app/components/Form.tsx';
import { OrDivider, SocialSignIn } from '#app/components/SocialSignIn.tsx';
import { authFailure, isSocialProvider, startSocialSignIn } from '#app/lib/auth-actions.server.ts';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { safeRedirect } from '#app/lib/redirects.ts';
import { getSessionUser } from '#app/lib/session.server.ts';
import { authOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Acesse sua conta | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '');
  if (await getSessionUser(request, authOf(context))) throw redirect(redirectTo || '/');
  const provider = url.searchParams.get('provedor');
  const error = url.searchParams.get('error');
  const socialError = error ? (isSocialProvider(provider) ? socialErrorMessage(provider, error) : 'Não foi possível entrar com a rede social. Tente novamente.') : null;
  return { redirectTo, providers: authOf(context).providers, socialError };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const redirectTo = safeRedirect(form.get('redirectTo'));
  if (isSocialProvider(intent)) {
    const started = await startSocialSignIn(request, authOf(context), intent, redirectTo);
    if (started instanceof Response) return started;
    return data({ socialError: started.formError }, { status: 400 });
  }

  const email = String(form.get('email') ?? '').slice(0, 320);
  const parsed = signInSchema.safeParse({ email: form.get('email'), password: form.get('password') });
  if (!parsed.success) return data({ errors: fieldErrorsOf<'email' | 'password'>(parsed.error), values: { email } }, { status: 400 });
  try {
    const { headers } = await authOf(context).betterAuth.api.signInEmail({ body: parsed.data, headers: request.headers, returnHeaders: true });
    return redirectWithFlash(redirectTo, 'login', headers);
  } catch (err) {
    const failure = authFailure(err);
    if (!failure) throw err;
    return data({ formError: failure.status === 429 ? failure.message : MSG.invalidCredentials, values: { email } }, { status: failure.status });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'senha';
  const errors = actionData && 'errors' in actionData ? actionData.errors : {};
  const values = actionData && 'values' in actionData ? actionData.values : undefined;
  const formError = actionData && 'formError' in actionData ? actionData.formError : null;
  const socialError = (actionData && 'socialError' in actionData ? actionData.socialError : null) ?? loaderData.socialError;
  const registerLink = loaderData.redirectTo ? `/Registrar?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/Registrar';
  return (
    <AuthCard
      title="Acesse sua conta"
      footer={
        <p>
          Cliente novo?{' '}
          <Link to={registerLink} className="font-semibold text-ink underline underline-offset-2 hover:text-brand-dark">
            Crie sua conta
          </Link>
        </p>
      }
    >
      <Form method="post" noValidate className="space-y-4" aria-label="Entrar com e-mail e senha">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {formError && <FormNotice>{formError}</FormNotice>}
        <Field name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" defaultValue={values?.email} error={errors?.email} />
        <Field name="password" label="Senha" type="password" autoComplete="current-password" error={errors?.password} />
        <p className="text-right text-sm">
          <Link to="/EsqueciSenha" className="font-semibold text-ink underline underline-offset-2 hover:text-brand-dark">
            Esqueci minha senha
          </Link>
        </p>
        <SubmitButton name="intent" value="senha" busy={busy} busyText="Entrando...">
          Acessar Conta
        </SubmitButton>
      </Form>
      <OrDivider />
      <SocialSignIn enabled={loaderData.providers} redirectTo={loaderData.redirectTo} error={socialError} />
    </AuthCard>
  );
}
