// /Registrar: "Crie sua conta" — e-mail, "Nome Completo" (saved, unlike the prototype) and a password of
// at least 8 characters, or Google/Facebook. On success the shopper is signed in and sees the notice.
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/register';
import { MSG } from '#src/domain/accounts/messages.ts';
import { fieldErrorsOf, signUpSchema } from '#src/domain/accounts/validation.ts';
import { AuthCard, Field, FormNotice, SubmitButton } from '#app/components/Form.tsx';
import { OrDivider, SocialSignIn } from '#app/components/SocialSignIn.tsx';
import { authFailure, isSocialProvider, startSocialSignIn } from '#app/lib/auth-actions.server.ts';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { safeRedirect } from '#app/lib/redirects.ts';
import { getSessionUser } from '#app/lib/session.server.ts';
import { authOf } from '#app/lib/context.server.ts';

type Fields = 'email' | 'name' | 'password';

export const meta: Route.MetaFunction = () => [{ title: 'Crie sua conta | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '');
  if (await getSessionUser(request, authOf(context))) throw redirect(redirectTo || '/');
  return { redirectTo, providers: authOf(context).providers };
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

  const values = { email: String(form.get('email') ?? '').slice(0, 320), name: String(form.get('name') ?? '').slice(0, 200) };
  const parsed = signUpSchema.safeParse({ email: form.get('email'), name: form.get('name'), password: form.get('password') });
  if (!parsed.success) return data({ errors: fieldErrorsOf<Fields>(parsed.error), values }, { status: 400 });
  try {
    const { headers } = await authOf(context).betterAuth.api.signUpEmail({ body: parsed.data, headers: request.headers, returnHeaders: true });
    return redirectWithFlash(redirectTo, 'cadastro', headers);
  } catch (err) {
    const failure = authFailure(err);
    if (!failure) throw err;
    if (failure.message === MSG.emailTaken) return data({ errors: { email: MSG.emailTaken } as Partial<Record<Fields, string>>, values }, { status: failure.status });
    if (failure.message === MSG.passwordTooShort || failure.message === MSG.passwordTooLong) {
      return data({ errors: { password: failure.message } as Partial<Record<Fields, string>>, values }, { status: failure.status });
    }
    return data({ formError: failure.message, values }, { status: failure.status });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'cadastro';
  const errors = actionData && 'errors' in actionData ? actionData.errors : {};
  const values = actionData && 'values' in actionData ? actionData.values : undefined;
  const formError = actionData && 'formError' in actionData ? actionData.formError : null;
  const socialError = actionData && 'socialError' in actionData ? actionData.socialError : null;
  const loginLink = loaderData.redirectTo ? `/Login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/Login';
  return (
    <AuthCard
      title="Crie sua conta"
      footer={
        <p>
          Já tem conta?{' '}
          <Link to={loginLink} className="font-semibold text-ink underline underline-offset-2 hover:text-brand-dark">
            Faça login
          </Link>
        </p>
      }
    >
      <Form method="post" noValidate className="space-y-4" aria-label="Criar conta com e-mail e senha">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {formError && <FormNotice>{formError}</FormNotice>}
        <Field name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" defaultValue={values?.email} error={errors?.email} />
        <Field name="name" label="Nome Completo" autoComplete="name" defaultValue={values?.name} error={errors?.name} maxLength={100} />
        <Field name="password" label="Senha" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres." error={errors?.password} />
        <SubmitButton name="intent" value="cadastro" busy={busy} busyText="Criando conta...">
          Criar Conta
        </SubmitButton>
      </Form>
      <OrDivider />
      <SocialSignIn enabled={loaderData.providers} redirectTo={loaderData.redirectTo} error={socialError} />
    </AuthCard>
  );
}
