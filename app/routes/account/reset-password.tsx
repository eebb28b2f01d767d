// /RedefinirSenha?token=…: the page the reset e-mail links to. The new password is set through Better
// Auth, which accepts the token once and within 1 hour; every other session of the account is ended.
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/reset-password';
import { MSG } from '#src/domain/accounts/messages.ts';
import { fieldErrorsOf, resetPasswordSchema } from '#src/domain/accounts/validation.ts';
import { AuthCard, Field, FormNotice, SubmitButton } from '#app/components/Form.tsx';
import { authFailure } from '#app/lib/auth-actions.server.ts';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { authOf } from '#app/lib/context.server.ts';

type Fields = 'token' | 'password' | 'confirm';

export const meta: Route.MetaFunction = () => [{ title: 'Criar nova senha | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? '';
  return { token: /^[A-Za-z0-9_-]{10,200}$/.test(token) ? token : '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = resetPasswordSchema.safeParse({ token: form.get('token'), password: form.get('password'), confirm: form.get('confirm') });
  if (!parsed.success) {
    const errors = fieldErrorsOf<Fields>(parsed.error);
    return data({ errors, formError: errors.token ?? null }, { status: 400 });
  }
  try {
    await authOf(context).betterAuth.api.resetPassword({ body: { token: parsed.data.token, newPassword: parsed.data.password }, headers: request.headers });
  } catch (err) {
    const failure = authFailure(err);
    if (!failure) throw err;
    return data({ errors: {} as Partial<Record<Fields, string>>, formError: failure.status === 429 ? failure.message : MSG.resetInvalidToken }, { status: failure.status });
  }
  return redirectWithFlash('/Login', 'senha');
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  if (!loaderData.token) {
    return (
      <AuthCard title="Criar nova senha">
        <FormNotice>{MSG.resetInvalidToken}</FormNotice>
        <p className="mt-4 text-sm">
          <Link to="/EsqueciSenha" className="font-semibold underline underline-offset-2">
            Pedir um novo link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Criar nova senha">
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        {actionData?.formError && (
          <FormNotice>
            {actionData.formError}{' '}
            <Link to="/EsqueciSenha" className="underline underline-offset-2">
              Pedir um novo link
            </Link>
          </FormNotice>
        )}
        <Field name="password" label="Nova senha" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres." error={errors.password} />
        <Field name="confirm" label="Repita a nova senha" type="password" autoComplete="new-password" error={errors.confirm} />
        <SubmitButton busy={navigation.state === 'submitting'}>Salvar nova senha</SubmitButton>
      </Form>
    </AuthCard>
  );
}
