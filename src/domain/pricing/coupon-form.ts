// What the back office's coupon form accepts: a code (letters, digits, - and _), a percent (1–100) or a
// fixed value in reais, a minimum order, a validity window typed in Brasília time, and the usage limits.
import { z } from 'zod';
import { parsePriceParam } from './money.ts';
import { parseBrasiliaDateTime } from '#src/platform/datetime-input.ts';
import type { CouponInput } from './coupons.server.ts';

export const MAX_COUPON_CENTS = 100_000_00;
const MAX_LIMIT = 1_000_000;

const money = (message: string, required: boolean) =>
  z.string().transform((raw, ctx) => {
    const cents = parsePriceParam(raw);
    if (cents === null) {
      if (required) ctx.addIssue({ code: 'custom', message });
      return 0;
    }
    if (!Number.isFinite(cents) || cents < 0 || cents > MAX_COUPON_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido: use o formato 1.234,56.' });
      return z.NEVER;
    }
    return cents;
  });

const limit = z.string().transform((raw, ctx) => {
  const v = raw.trim();
  if (v === '') return null;
  if (!/^\d{1,7}$/.test(v) || Number(v) < 1 || Number(v) > MAX_LIMIT) {
    ctx.addIssue({ code: 'custom', message: 'Use um número inteiro a partir de 1 (ou deixe em branco para sem limite).' });
    return z.NEVER;
  }
  return Number(v);
});

const when = z.string().transform((raw, ctx) => {
  const d = parseBrasiliaDateTime(raw);
  if (d && Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Data inválida.' });
    return z.NEVER;
  }
  return d;
});

const schema = z
  .object({
    codigo: z
      .string()
      .trim()
      .min(3, 'O código deve ter de 3 a 40 caracteres.')
      .max(40, 'O código deve ter de 3 a 40 caracteres.')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use só letras, números, - e _ no código.'),
    tipo: z.enum(['percent', 'fixed'], { error: 'Escolha o tipo de desconto.' }),
    percentual: z.string().trim(),
    valor: money('Informe o valor do desconto.', false),
    minimo: money('', false),
    inicio: when,
    fim: when,
    limite: limit,
    limite_cliente: limit,
    ativo: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'percent') {
      const p = v.percentual;
      if (!/^\d{1,3}$/.test(p) || Number(p) < 1 || Number(p) > 100) ctx.addIssue({ code: 'custom', path: ['percentual'], message: 'O percentual deve ser um número inteiro de 1 a 100.' });
    } else if (v.valor <= 0) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Informe o valor do desconto.' });
    if (v.inicio && v.fim && v.fim <= v.inicio) ctx.addIssue({ code: 'custom', path: ['fim'], message: 'O fim da validade deve ser depois do início.' });
  });

export type CouponFormErrors = Partial<Record<'codigo' | 'tipo' | 'percentual' | 'valor' | 'minimo' | 'inicio' | 'fim' | 'limite' | 'limite_cliente', string>>;

export function parseCouponForm(form: Record<string, unknown>): { ok: true; value: CouponInput } | { ok: false; errors: CouponFormErrors } {
  const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
  const parsed = schema.safeParse({
    codigo: text('codigo'),
    tipo: text('tipo'),
    percentual: text('percentual'),
    valor: text('valor'),
    minimo: text('minimo'),
    inicio: text('inicio'),
    fim: text('fim'),
    limite: text('limite'),
    limite_cliente: text('limite_cliente'),
    ativo: typeof form.ativo === 'string' ? form.ativo : undefined,
  });
  if (!parsed.success) {
    const errors: CouponFormErrors = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'codigo') as keyof CouponFormErrors;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const v = parsed.data;
  return {
    ok: true,
    value: {
      code: v.codigo,
      terms: v.tipo === 'percent' ? { kind: 'percent', percent: Number(v.percentual) } : { kind: 'fixed', amountCents: v.valor },
      minOrderCents: v.minimo,
      validFrom: v.inicio,
      validUntil: v.fim,
      usageLimit: v.limite,
      perCustomerLimit: v.limite_cliente,
      active: v.ativo === 'on' || v.ativo === 'true',
    },
  };
}
