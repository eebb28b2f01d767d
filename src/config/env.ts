// Owns the process configuration: every environment variable is parsed and validated here, once, at boot.
import { z } from 'zod';
import { isHttpsUrl } from '../platform/https.ts';
import { parseOriginList } from '../platform/origins.ts';

/**
 * PGlite's shared_buffers in MB. PostgreSQL's 128 MB default sat in the process's WebAssembly memory on top of
 * the OS cache of the same files; 32 MB until 2026-11-28, when 16 took 15 MB off a busy server's peak at 100,000
 * products with the pages and searches as fast (docs/decisions/).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

/** The sandbox's built-in webhook secret: fine on a laptop, never accepted with an https PUBLIC_URL. */
export const DEFAULT_WEBHOOK_SECRET = 'sandbox-webhook-secret-troque-em-producao';

/**
 * A secret's value without the blanks around it (a line break pasted from a file, spaces): its length is
 * checked on what is left, so whitespace never passes for a secret.
 */
const secret = () => z.string().trim();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres:// ou postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Parsed and written back in canonical form (scheme and host in lower case, no trailing slash): every later
  // comparison sees `https://`, whatever the operator typed (`HTTPS://Loja.Exemplo.com.br`).
  PUBLIC_URL: z
    .url('PUBLIC_URL deve ser uma URL completa, por exemplo https://loja.exemplo.com.br')
    .refine((v) => URL.parse(v)?.protocol === 'http:' || isHttpsUrl(v), 'PUBLIC_URL deve começar com http:// ou https://')
    .transform((v) => new URL(v).href.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // PostgreSQL's limits (docs/database.md): statement timeouts in ms (0: none) of the shop's pages, API and
  // orders, and of the back office; connections kept for orders; the pool of jobs and the back office.
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DB_BACKOFFICE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  DB_RESERVED_CONNECTIONS: z.coerce.number().int().min(0).max(100).default(2),
  DB_BACKGROUND_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(4),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL deve começar com smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Olimpo Peças <nao-responda@olimpopecas.com.br>'),
  // Accounts. Without a secret outside a real deployment, boot keeps a random one in DATA_DIR (with a warning).
  BETTER_AUTH_SECRET: secret().min(32, 'BETTER_AUTH_SECRET deve ter pelo menos 32 caracteres (gere com: openssl rand -base64 32)').optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Other front ends (their origins, comma-separated) allowed to call the API from the browser (CORS).
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseOriginList(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `CORS_ORIGINS: ${(err as Error).message}` });
        return z.NEVER;
      }
    }),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: secret().min(1).optional(),
  GOOGLE_ISSUER_URL: z.url('GOOGLE_ISSUER_URL deve ser uma URL completa').default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: secret().min(1).optional(),
  FACEBOOK_DIALOG_URL: z.url('FACEBOOK_DIALOG_URL deve ser uma URL completa').default('https://www.facebook.com/v24.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: z.url('FACEBOOK_GRAPH_URL deve ser uma URL completa').default('https://graph.facebook.com/v24.0'),
  VIACEP_URL: z.url('VIACEP_URL deve ser uma URL').default('https://viacep.com.br'),
  // No default on purpose: "set explicitly" is how an https deployment opts into the sandbox (see below and
  // paymentProviderOf). Unset on http means the embedded sandbox.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mercadopago'], { error: 'PAYMENT_PROVIDER deve ser sandbox ou mercadopago' }).optional(),
  PAYMENT_WEBHOOK_SECRET: secret().min(16, 'PAYMENT_WEBHOOK_SECRET deve ter ao menos 16 caracteres').default(DEFAULT_WEBHOOK_SECRET),
  // Mercado Pago (PAYMENT_PROVIDER=mercadopago): the three credentials of the application, and the API base.
  MERCADOPAGO_ACCESS_TOKEN: secret().min(10, 'MERCADOPAGO_ACCESS_TOKEN inválido (copie o Access Token das credenciais da aplicação)').optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().min(10, 'MERCADOPAGO_PUBLIC_KEY inválida (copie a Public Key das credenciais da aplicação)').optional(),
  MERCADOPAGO_WEBHOOK_SECRET: secret().min(16, 'MERCADOPAGO_WEBHOOK_SECRET deve ter ao menos 16 caracteres (a assinatura secreta dos Webhooks)').optional(),
  // How far (seconds, either way) a signed notification's ts may be from our clock; older ones are refused.
  MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS: z.coerce
    .number()
    .int('MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS deve ser um número inteiro de segundos')
    .min(30, 'MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS deve ser de 30 a 86400 segundos')
    .max(86_400, 'MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS deve ser de 30 a 86400 segundos')
    .default(300),
  MERCADOPAGO_API_URL: z.url('MERCADOPAGO_API_URL deve ser uma URL completa').default('https://api.mercadopago.com'),
  PIX_EXPIRY_MINUTES: z.coerce
    .number()
    .int('PIX_EXPIRY_MINUTES deve ser um número inteiro de minutos')
    .min(1, 'PIX_EXPIRY_MINUTES deve ser de 1 a 1440 minutos')
    .max(1440, 'PIX_EXPIRY_MINUTES deve ser de 1 a 1440 minutos')
    .default(30),
  // Limits on placing orders (per client IP and per e-mail, in a window), and units of one product per order.
  ORDER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  ORDER_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(10),
  ORDER_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(999).default(100),
  // Shipping (docs/shipping.md): the embedded table by default; Melhor Envio with its token.
  SHIPPING_PROVIDER: z.enum(['table', 'melhorenvio'], { error: 'SHIPPING_PROVIDER deve ser table ou melhorenvio' }).default('table'),
  SHIPPING_ORIGIN_CEP: z
    .string()
    .regex(/^\d{5}-?\d{3}$/, 'SHIPPING_ORIGIN_CEP deve ser um CEP, por exemplo 01310-100')
    .transform((v) => v.replace('-', ''))
    .default('01310100'),
  SHIPPING_HANDLING_DAYS: z.coerce.number().int('SHIPPING_HANDLING_DAYS deve ser um número inteiro de dias úteis').min(0).max(30).default(0),
  SHIPPING_PICKUP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** From this subtotal (centavos) the cheapest delivery is free; unset: never. */
  FREE_SHIPPING_MIN_CENTS: z.coerce.number().int('FREE_SHIPPING_MIN_CENTS deve ser um valor inteiro em centavos').min(1).max(100_000_000).optional(),
  SHIPPING_QUOTE_TIMEOUT_MS: z.coerce.number().int().min(200).max(30_000).default(4000),
  SHIPPING_QUOTE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  MELHORENVIO_TOKEN: secret().min(10, 'MELHORENVIO_TOKEN inválido (gere um token em Melhor Envio > Integrações > Permissões de acesso)').optional(),
  MELHORENVIO_API_URL: z.url('MELHORENVIO_API_URL deve ser uma URL completa').default('https://melhorenvio.com.br'),
  /** Melhor Envio asks every application to say who it is: "Aplicação (e-mail para contato técnico)". */
  MELHORENVIO_WEBHOOK_SECRET: secret().min(16, 'MELHORENVIO_WEBHOOK_SECRET deve ter ao menos 16 caracteres (o secret do aplicativo no Melhor Envio)').optional(),
  MELHORENVIO_USER_AGENT: z.string().min(3).default('Olimpo Pecas (atendimento@olimpopecas.com.br)'),
  // Notas fiscais (docs/invoicing.md): the embedded sandbox by default; Focus NFe v2 with its token.
  INVOICE_PROVIDER: z.enum(['sandbox', 'focusnfe'], { error: 'INVOICE_PROVIDER deve ser sandbox ou focusnfe' }).default('sandbox'),
  FOCUSNFE_TOKEN: secret().min(8, 'FOCUSNFE_TOKEN inválido (copie o token da empresa no painel da Focus NFe)').optional(),
  FOCUSNFE_API_URL: z.url('FOCUSNFE_API_URL deve ser uma URL completa').default('https://api.focusnfe.com.br'),
  // The store's fiscal identity (defaults in src/config/store.ts).
  NFE_CNPJ: z
    .string()
    .refine((v) => v.replace(/\D/g, '').length === 14, 'NFE_CNPJ deve ter 14 dígitos')
    .optional(),
  NFE_INSCRICAO_ESTADUAL: z.string().min(2, 'NFE_INSCRICAO_ESTADUAL inválida').optional(),
  NFE_REGIME: z.enum(['simples', 'normal'], { error: 'NFE_REGIME deve ser simples (Simples Nacional) ou normal' }).optional(),
  NFE_CFOP_DENTRO_ESTADO: z
    .string()
    .regex(/^5\d{3}$/, 'NFE_CFOP_DENTRO_ESTADO deve ser um CFOP de 4 dígitos começando por 5 (por exemplo 5102)')
    .optional(),
  NFE_CFOP_FORA_ESTADO: z
    .string()
    .regex(/^6\d{3}$/, 'NFE_CFOP_FORA_ESTADO deve ser um CFOP de 4 dígitos começando por 6 (por exemplo 6102)')
    .optional(),
  NFE_SERIE: z.coerce.number().int('NFE_SERIE deve ser um número inteiro').min(1, 'NFE_SERIE deve ser de 1 a 889').max(889, 'NFE_SERIE deve ser de 1 a 889').optional(),
  PIX_KEY: z.string().min(3).default('pix@olimpopecas.com.br'),
  PIX_MERCHANT_NAME: z.string().min(1).default('OLIMPO PECAS'),
  PIX_MERCHANT_CITY: z.string().min(1).default('SAO PAULO'),
  OLIMPIA_LLM_BASE_URL: z.url('OLIMPIA_LLM_BASE_URL deve ser uma URL').optional(),
  OLIMPIA_LLM_API_KEY: secret().min(1).optional(),
  OLIMPIA_LLM_MODEL: z.string().min(1).optional(),
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Anonymous catalog pages served from memory for this long, then refreshed while served stale (0: off). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** PGlite's shared_buffers in MB (DEFAULT_PGLITE_SHARED_BUFFERS_MB above). */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  // Signs the store's own cookies (the guest's "Minha garagem"). Unset: a random one kept in DATA_DIR.
  COOKIE_SECRET: secret().min(32, 'COOKIE_SECRET deve ter pelo menos 32 caracteres (gere com: openssl rand -base64 32)').optional(),
});

export type Env = z.infer<typeof schema>;

/** The payment provider in use: the one named, else the embedded sandbox (only reachable without https, see parseEnv). */
export function paymentProviderOf(env: Pick<Env, 'PAYMENT_PROVIDER'>): 'sandbox' | 'mercadopago' {
  return env.PAYMENT_PROVIDER ?? 'sandbox';
}

/** The sandbox's pay route and webhook answer: on http by default, on https only when chosen by name with its own secret. */
export function sandboxRoutesEnabled(env: Pick<Env, 'PAYMENT_PROVIDER' | 'PUBLIC_URL' | 'PAYMENT_WEBHOOK_SECRET'>): boolean {
  if (paymentProviderOf(env) !== 'sandbox') return false;
  if (!isHttpsUrl(env.PUBLIC_URL)) return true;
  return env.PAYMENT_PROVIDER === 'sandbox' && env.PAYMENT_WEBHOOK_SECRET !== DEFAULT_WEBHOOK_SECRET;
}

/**
 * `serving: false` is an operator's command-line tool (db:migrate, db:seed, admin:create, catalog:import): the
 * same variables, without the checks that only a serving process needs (its auth secret, its payments).
 */
export function parseEnv(source: Record<string, string | undefined>, opts: { serving?: boolean } = {}): Env {
  // Empty strings mean "not set", as in most .env files; so does a value made only of blanks (a secret of
  // spaces is no secret).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  // Without PUBLIC_URL the shop is where it listens: http://localhost:<PORT>.
  if (cleaned.PUBLIC_URL === undefined && cleaned.PORT !== undefined) cleaned.PUBLIC_URL = `http://localhost:${cleaned.PORT}`;
  const result = schema
    .superRefine((v, ctx) => {
      if (opts.serving === false) return;
      // A real deployment (https, or several instances on PostgreSQL) must share one configured secret.
      const https = isHttpsUrl(v.PUBLIC_URL);
      const deployed = v.NODE_ENV === 'production' && (https || v.DATABASE_URL !== undefined);
      if (deployed && !v.BETTER_AUTH_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'obrigatório em produção (com PUBLIC_URL https ou DATABASE_URL); gere com: openssl rand -base64 32' });
      }
      if (v.PAYMENT_PROVIDER === 'mercadopago') {
        const needed = {
          MERCADOPAGO_ACCESS_TOKEN: 'o Access Token da aplicação no Mercado Pago',
          MERCADOPAGO_PUBLIC_KEY: 'a Public Key da aplicação no Mercado Pago (o navegador a usa para gerar o token do cartão)',
          MERCADOPAGO_WEBHOOK_SECRET: 'a assinatura secreta dos Webhooks do Mercado Pago; sem ela nenhuma notificação de pagamento pode ser verificada',
        } as const;
        for (const [name, what] of Object.entries(needed)) {
          if (v[name as keyof typeof needed] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `obrigatório com PAYMENT_PROVIDER=mercadopago: defina ${name} com ${what}` });
        }
      }
      // Payments in a real deployment (https): nothing is paid by the sandbox unless it was chosen by name,
      // and its webhook never trusts the secret everybody can read in this repository.
      if (https) {
        if (v.PAYMENT_PROVIDER === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['PAYMENT_PROVIDER'],
            message: 'obrigatório com PUBLIC_URL https: escolha o provedor de pagamento (mercadopago; o sandbox só com PAYMENT_PROVIDER=sandbox, explicitamente)',
          });
        }
        if (v.PAYMENT_PROVIDER === 'sandbox' && (cleaned.PAYMENT_WEBHOOK_SECRET === undefined || v.PAYMENT_WEBHOOK_SECRET === DEFAULT_WEBHOOK_SECRET)) {
          ctx.addIssue({
            code: 'custom',
            path: ['PAYMENT_WEBHOOK_SECRET'],
            message: 'defina um segredo próprio (o padrão do sandbox não é aceito com PUBLIC_URL https); gere com: openssl rand -hex 32',
          });
        }
      }
      if (v.SHIPPING_PROVIDER === 'melhorenvio' && v.MELHORENVIO_TOKEN === undefined) {
        ctx.addIssue({ code: 'custom', path: ['MELHORENVIO_TOKEN'], message: 'obrigatório com SHIPPING_PROVIDER=melhorenvio: o token de acesso da sua conta no Melhor Envio' });
      }
      if (v.INVOICE_PROVIDER === 'focusnfe' && v.FOCUSNFE_TOKEN === undefined) {
        ctx.addIssue({ code: 'custom', path: ['FOCUSNFE_TOKEN'], message: 'obrigatório com INVOICE_PROVIDER=focusnfe: o token da empresa no painel da Focus NFe' });
      }
      for (const p of ['GOOGLE', 'FACEBOOK'] as const) {
        if ((v[`${p}_CLIENT_ID`] === undefined) !== (v[`${p}_CLIENT_SECRET`] === undefined)) {
          ctx.addIssue({ code: 'custom', path: [`${p}_CLIENT_SECRET`], message: `defina ${p}_CLIENT_ID e ${p}_CLIENT_SECRET juntos` });
        }
      }
    })
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
