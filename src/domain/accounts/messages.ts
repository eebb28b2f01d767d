// Every sentence the accounts pages and API show, in pt-BR, in one place. Better Auth's error codes are
// translated here; a shopper never reads a raw provider code.

export const MSG = {
  signedIn: 'Login realizado com sucesso!',
  signedUp: 'Conta criada com sucesso!',
  signedOut: 'Você saiu da sua conta.',
  passwordChanged: 'Senha alterada com sucesso! Você já pode entrar com a nova senha.',
  accountDeleted: 'Sua conta foi excluída. Seus dados pessoais foram apagados.',
  invalidCredentials: 'E-mail ou senha inválidos.',
  passwordRequired: 'Informe a senha.',
  emailInvalid: 'E-mail inválido.',
  emailRequired: 'Informe o e-mail.',
  nameRequired: 'Informe o nome completo.',
  nameTooLong: 'O nome pode ter no máximo 100 caracteres.',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres.',
  passwordTooLong: 'A senha pode ter no máximo 128 caracteres.',
  // Generic on purpose: it does not confirm that the address has an account (issue 15).
  emailTaken: 'Não foi possível criar a conta com este e-mail. Se você já tem conta, entre ou use “Esqueci minha senha”.',
  tooManyAttempts: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  invalidRedirect: 'Endereço de retorno inválido: use uma página da Olimpo Peças.',
  resetRequested: 'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. O link vale por 1 hora.',
  resetInvalidToken: 'Este link para criar uma nova senha é inválido, já foi usado ou expirou. Peça um novo.',
  passwordsDiffer: 'As senhas não conferem.',
  genericFailure: 'Não foi possível concluir agora. Tente novamente em instantes.',
  forbiddenOrigin: 'Envio recusado: o formulário não veio do site da Olimpo Peças.',
  signInRequired: 'Entre na sua conta para continuar.',
} as const;

export type SocialProvider = 'google' | 'facebook';
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'facebook'];
export const PROVIDER_LABEL: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

export const socialMessages = (provider: SocialProvider) => ({
  signedIn: `Login com ${PROVIDER_LABEL[provider]} realizado!`,
  unavailable: `Login com ${PROVIDER_LABEL[provider]} indisponível no momento.`,
  cancelled: `Você cancelou o login com ${PROVIDER_LABEL[provider]}.`,
  noEmail: `Sua conta do ${PROVIDER_LABEL[provider]} não informou um e-mail. Use e-mail e senha para criar sua conta.`,
  notLinked: `Já existe uma conta com este e-mail. Entre com e-mail e senha para usar o ${PROVIDER_LABEL[provider]} depois.`,
  failed: `Não foi possível entrar com ${PROVIDER_LABEL[provider]}. Tente novamente.`,
});

/** Better Auth error codes → what the shopper reads. Unknown codes get the generic sentence. */
const AUTH_ERRORS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: MSG.invalidCredentials,
  INVALID_PASSWORD: MSG.invalidCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: MSG.invalidCredentials,
  USER_NOT_FOUND: MSG.invalidCredentials,
  INVALID_EMAIL: MSG.emailInvalid,
  PASSWORD_TOO_SHORT: MSG.passwordTooShort,
  PASSWORD_TOO_LONG: MSG.passwordTooLong,
  USER_ALREADY_EXISTS: MSG.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MSG.emailTaken,
  INVALID_TOKEN: MSG.resetInvalidToken,
  TOKEN_EXPIRED: MSG.resetInvalidToken,
  RATE_LIMITED: MSG.tooManyAttempts,
  INVALID_ORIGIN: MSG.forbiddenOrigin,
  INVALID_REDIRECT_URL: MSG.invalidRedirect,
  INVALID_CALLBACK_URL: MSG.invalidRedirect,
  MISSING_OR_NULL_ORIGIN: MSG.forbiddenOrigin,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: MSG.forbiddenOrigin,
  VALIDATION_ERROR: 'Dados inválidos. Confira os campos e tente novamente.',
  MISSING_FIELD: 'Preencha todos os campos obrigatórios.',
  FIELD_NOT_ALLOWED: 'Este campo não pode ser alterado.',
  EMAIL_NOT_VERIFIED: 'Confirme seu e-mail antes de entrar.',
  SESSION_EXPIRED: 'Sua sessão expirou. Entre novamente.',
  FAILED_TO_CREATE_USER: MSG.genericFailure,
  FAILED_TO_CREATE_SESSION: MSG.genericFailure,
  // Raised while Better Auth reads the request, before any hook can translate them.
  BAD_REQUEST: 'Dados inválidos. Confira os campos e tente novamente.',
  UNSUPPORTED_MEDIA_TYPE: 'Envie os dados em JSON (Content-Type: application/json).',
  NOT_FOUND: 'Rota da API não encontrada.',
  METHOD_NOT_ALLOWED: 'Rota da API não encontrada.',
};

const AUTH_SENTENCES = new Set<string>([...Object.values(AUTH_ERRORS), ...Object.values(MSG)]);

/** Is this one of our pt-BR sentences (as opposed to a provider's English default)? */
export const isAuthSentence = (message: unknown): boolean => typeof message === 'string' && AUTH_SENTENCES.has(message);

export function authErrorMessage(code: string | undefined): string {
  return (code && AUTH_ERRORS[code]) || MSG.genericFailure;
}

/** The `error` query value Better Auth appends to the social sign-in error URL → a pt-BR sentence. */
export function socialErrorMessage(provider: SocialProvider, error: string | null): string {
  const m = socialMessages(provider);
  switch (error) {
    case 'access_denied':
    case 'cancelled':
      return m.cancelled;
    case 'email_not_found':
    case 'email_is_missing':
      return m.noEmail;
    case 'account_not_linked':
      return m.notLinked;
    case 'unavailable':
      return m.unavailable;
    default:
      return m.failed;
  }
}

/** Flash notices survive the redirect after a form; only these keys exist, so nobody can inject text. */
export const FLASH_MESSAGES = {
  login: MSG.signedIn,
  'login-google': socialMessages('google').signedIn,
  'login-facebook': socialMessages('facebook').signedIn,
  cadastro: MSG.signedUp,
  saida: MSG.signedOut,
  senha: MSG.passwordChanged,
  'conta-excluida': MSG.accountDeleted,
  perfil: 'Dados salvos com sucesso!',
  endereco: 'Endereço salvo com sucesso!',
  vendedor: 'Pedido para vender enviado! Avisaremos quando for analisado.',
  produto: 'Produto cadastrado com sucesso! Ele já aparece na loja.',
  'produto-editado': 'Produto atualizado com sucesso!',
} as const;
export type FlashKey = keyof typeof FLASH_MESSAGES;
export const isFlashKey = (v: string): v is FlashKey => Object.hasOwn(FLASH_MESSAGES, v);
