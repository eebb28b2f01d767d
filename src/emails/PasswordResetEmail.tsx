// The HTML part of the password reset e-mail; its words and link come from the accounts domain
// (src/domain/accounts/auth.server.ts, `PasswordResetMail`).
import type { PasswordResetMail } from '../domain/accounts/auth.server.ts';
import { EmailPage } from './EmailPage.tsx';

export function PasswordResetEmail({ mail }: { mail: PasswordResetMail }) {
  return (
    <EmailPage>
      <p>{`Olá, ${mail.hello}!`}</p>
      <p>Recebemos um pedido para criar uma nova senha na Olimpo Peças.</p>
      <p>
        <a href={mail.url}>Criar nova senha</a>
      </p>
      <p>O link vale por 1 hora e só pode ser usado uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.</p>
    </EmailPage>
  );
}
