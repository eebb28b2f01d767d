// /EsqueciSenha ("Esqueci minha senha"): asks for the e-mail and always gives the same answer, whether or
// not there is an account, so nobody can find out who shops here. The link is valid for 1 hour, once.
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/forgot-password';
import { MSG } from '#src/domain/accounts/messages.ts';
import { fieldErrorsOf, forgotPasswordSchema } from '#src/domain/accounts/validation.ts';
import { AuthCard, Field, FormNotice, SubmitButton } from '#app/components/Form.tsx';
import { authFailure } from '#app/lib/auth-actions.server.ts';
import { authOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Esqueci minha senha | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').slice(0, 320);
  const parsed = forgotPasswordSchema.safeParse({ email: form.get('email') });
  if (!parsed.success) return data({ errors: fieldErrorsOf<'email'>(parsed.error), email, sent: false }, { status: 400 });
  try {
    await authOf(context).betterAuth.api.requestPasswordReset({ body: { email: parsed.data.email }, headers: request.headers });
  } catch (err) {
    const failure = authFailure(err);
    if (failure?.status === 429) return data({ formError: failure.message, email, sent: false }, { status: 429 });
    if (!failure) throw err;
  }
  return { sent: true as const, email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData && 'errors' in actionData ? actionData.errors : {};
  const formError = actionData && 'formError' in actionData ? actionData.formError : null;
  return (
    <AuthCard
      title="Esqueci minha senha"
      footer={
        <p>
          Lembrou a senha?{' '}
          <Link to="/Login" className="font-semibold underline underline-offset-2 hover:text-brand-dark">
            Voltar para o login
          </Link>
        </p>
      }
    >
      {actionData?.sent ? (
        <FormNotice kind="success">{MSG.resetRequested}</FormNotice>
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <p className="text-sm text-ink-soft">Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>
          {formError && <FormNotice>{formError}</FormNotice>}
          <Field name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" defaultValue={actionData?.email} error={errors?.email} />
          <SubmitButton busy={navigation.state === 'submitting'}>Enviar link</SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
