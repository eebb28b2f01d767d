// The HTML part of the password reset e-mail; its words and link come from the accounts domain
// (src/domain/accounts/auth.server.ts, `PasswordResetMail`).
import { createElement as h, Fragment } from 'react';
import type { PasswordResetMail } from '../domain/accounts/auth.server.ts';
import { EmailPage } from './EmailPage.ts';

export function PasswordResetEmail({ mail }: { mail: PasswordResetMail }) {
  const children = h(
    Fragment,
    null,
    h('p', null, `Olá, ${mail.hello}!`),
    h('p', null, 'Recebemos um pedido para criar uma nova senha na Olimpo Peças.'),
    h('p', null, h('a', { href: mail.url }, 'Criar nova senha')),
    h('p', null, 'O link vale por 1 hora e só pode ser usado uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.'),
  );
  return h(EmailPage, { children });
}
