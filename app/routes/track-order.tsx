// /AcompanharPedido: a guest opens an order with its number and the e-mail used to buy. The answer is
// the same whether the number does not exist or the e-mail does not match; failed attempts are limited per
// IP and per order number (counted in the database, across instances, before the look-up; a match gives its
// count back, so the buyer is never locked out by opening their own order). A match leads to the order page
// with a link valid for 24 hours, which shows the buyer's documents and address masked.
import { data, Form, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/track-order';
import { findOrderByNumberAndEmail, trackingToken } from '#src/domain/orders/read.server.ts';
import { hitAll, rateLimit } from '#src/platform/rate-limit.server.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { Field, FormNotice } from '../components/Form.tsx';
import { dbOf, servicesOf } from '../lib/context.server.ts';

export const meta: Route.MetaFunction = () => [
  { title: 'Acompanhar pedido | Olimpo Peças' },
  { name: 'description', content: 'Acompanhe o seu pedido com o número e o e-mail da compra.' },
  { name: 'robots', content: 'noindex' },
];

const NOT_FOUND = 'Não encontramos um pedido com esse número e e-mail. Confira os dados: o número está no e-mail de confirmação.';
const LIMITED = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
const BAD_INPUT = 'Informe o número do pedido (8 dígitos) e o e-mail usado na compra.';

const byIp = rateLimit({ name: 'track-order-ip', limit: 10, windowMs: 10 * 60_000 });
const byOrder = rateLimit({ name: 'track-order-number', limit: 5, windowMs: 10 * 60_000 });

const schema = z.object({
  numero: z
    .string()
    .max(20)
    .transform((v) => v.replace(/[#\s]/g, ''))
    .pipe(z.string().regex(/^\d{8}$/)),
  email: z.string().trim().min(3).max(254),
});

export function loader({ url, context }: Route.LoaderArgs) {
  const number = (url.searchParams.get('pedido') ?? '').replace(/\D/g, '').slice(0, 8);
  return { number };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { numero: String(form.get('numero') ?? ''), email: String(form.get('email') ?? '') };
  const parsed = schema.safeParse(values);
  if (!parsed.success) return data({ message: BAD_INPUT, values }, { status: 400 });
  const db = dbOf(context);
  const keys = [
    { limiter: byIp, key: `ip:${clientIpFrom(request.headers)}` },
    { limiter: byOrder, key: `order:${parsed.data.numero}` },
  ];
  // Counted first, in one statement (a parallel burst cannot slip past the limit), then given back on a match.
  const [ip, order] = await hitAll(db, keys);
  if (ip!.limited || order!.limited) return data({ message: LIMITED, values }, { status: 429, headers: { 'Retry-After': String(Math.max(ip!.retryAfterSeconds, order!.retryAfterSeconds)) } });
  const found = await findOrderByNumberAndEmail(db, parsed.data.numero, parsed.data.email);
  if (!found) return data({ message: NOT_FOUND, values }, { status: 404 });
  await Promise.all(keys.map((k) => k.limiter.refund(db, k.key)));
  return redirect(`/Pedidos/${found.number}?token=${encodeURIComponent(trackingToken(found.number, found.accessTokenHash, servicesOf(context).cookieSecret))}`);
}

export default function TrackOrder({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const values = actionData?.values ?? { numero: loaderData.number, email: '' };
  return (
    <div className="container-page max-w-lg py-10">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Acompanhar pedido</h1>
      <p className="mt-2 text-ink-soft">Informe o número do pedido e o e-mail usado na compra. Quem tem conta também encontra os pedidos em "Meus Pedidos".</p>
      <Form method="post" className="mt-6 space-y-4 rounded-2xl bg-white p-5 ring-1 ring-neutral-200" noValidate>
        {actionData?.message && <FormNotice kind="error">{actionData.message}</FormNotice>}
        <Field
          name="numero"
          label="Número do pedido"
          defaultValue={values.numero}
          inputMode="numeric"
          maxLength={9}
          placeholder="12345678"
          hint="Os 8 dígitos que aparecem como #12345678 no e-mail."
        />
        <Field name="email" label="E-mail da compra" type="email" autoComplete="email" defaultValue={values.email} maxLength={254} />
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-ink px-5 py-3 font-semibold text-white hover:bg-ink-soft disabled:opacity-60">
          {busy ? 'Buscando...' : 'Ver pedido'}
        </button>
      </Form>
    </div>
  );
}
