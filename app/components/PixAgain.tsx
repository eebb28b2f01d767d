import { Form, useNavigation } from 'react-router';

/**
 * "Gerar novo PIX" on a PIX order cancelled because its code expired: posts to the order page's action, which
 * places a new order with the same items at today's prices (src/domain/checkout/pix-again.server.ts) and opens it.
 */
export function PixAgain({ number, token, error, successor }: { number: string; token: string | null; error?: string; successor?: string | null }) {
  const busy = useNavigation().state === 'submitting';
  const action = `/Pedidos/${number}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return (
    <Form method="post" action={action} className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      {successor ? (
        <p className="text-sm">O código PIX deste pedido expirou antes do pagamento. Você já gerou um novo PIX: o pedido #{successor}, com os mesmos itens.</p>
      ) : (
        <p className="text-sm">O código PIX deste pedido expirou antes do pagamento. Gere um novo pedido com os mesmos itens e endereço, aos preços de hoje, e pague com um novo PIX.</p>
      )}
      <input type="hidden" name="intent" value="novo-pix" />
      {/* Posting again opens the same new order (its idempotency key is this order's), with the buyer's link. */}
      <button type="submit" disabled={busy} className="mt-3 rounded-lg bg-ink px-4 py-2 font-semibold text-white hover:bg-ink-soft disabled:opacity-60">
        {busy ? 'Gerando…' : successor ? `Abrir o pedido #${successor}` : 'Gerar novo PIX'}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </Form>
  );
}
