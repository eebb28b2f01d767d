import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { centsToReais } from '#src/domain/pricing/money.ts';
import { addToCart } from '../lib/cart-storage.ts';

export interface BuyAgainAnswer {
  comprarNovamente: {
    items: { productId: number; title: string; priceCents: number; oldPriceCents: number | null; image: string | null; color: string; size: string; quantity: number }[];
    skipped: string[];
  };
}

/**
 * "Comprar novamente" on a past order (its page and the order list): the order page's action reads the
 * order (the viewer's own, or by its token) and answers its still-available lines at today's prices
 * (src/domain/checkout/buy-again.server.ts); they go into the browser cart, whose quote prices them again, and
 * the lines left out are named.
 */
export function BuyAgain({ number, token }: { number: string; token?: string | null }) {
  const fetcher = useFetcher<BuyAgainAnswer>();
  const applied = useRef<unknown>(null);
  const answer = fetcher.data?.comprarNovamente;
  useEffect(() => {
    if (!answer || applied.current === answer) return;
    applied.current = answer;
    for (const i of answer.items) {
      addToCart(
        {
          id: i.productId,
          titulo: i.title,
          valoratual: centsToReais(i.priceCents),
          valorantigo: i.oldPriceCents === null ? null : centsToReais(i.oldPriceCents),
          image: i.image,
          ...(i.color ? { cor: i.color, tamanho: i.size } : {}),
        },
        i.quantity,
      );
    }
  }, [answer]);
  const units = answer?.items.reduce((n, i) => n + i.quantity, 0) ?? 0;
  return (
    <fetcher.Form method="post" action={`/Pedidos/${number}${token ? `?token=${encodeURIComponent(token)}` : ''}`} className="space-y-2">
      <input type="hidden" name="intent" value="comprar-novamente" />
      <button type="submit" disabled={fetcher.state !== 'idle'} className="rounded-lg bg-brand px-4 py-2 font-bold text-ink hover:bg-brand-dark disabled:opacity-60">
        Comprar novamente
        <span className="sr-only"> os itens do pedido #{number}</span>
      </button>
      <div role="status" className="text-sm">
        {answer && (
          <>
            {answer.items.length > 0 ? (
              <p className="font-medium text-emerald-800">
                {units === 1 ? '1 item adicionado' : `${units} itens adicionados`} ao carrinho, com os preços de hoje.{' '}
                <Link to="/Cart" className="font-semibold underline">
                  Ver carrinho
                </Link>
              </p>
            ) : (
              <p className="font-medium text-red-700">Nenhum item deste pedido está disponível agora.</p>
            )}
            {answer.skipped.length > 0 && (
              <div className="mt-1 text-ink-soft">
                <p>Não incluídos:</p>
                <ul className="list-disc pl-5">
                  {answer.skipped.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>
    </fetcher.Form>
  );
}
