// @vitest-environment jsdom
// The quote hook in a real React Router (memory router, the same fetcher as the pages): the quote shown is
// always the latest answer, even when the page re-renders with unchanged state between the moment React
// Router holds the answer and the moment React commits it. The checkout does exactly that: leaving the CEP
// field clears its messages (a dispatch that changes nothing) while the quote for the new CEP comes back.
import { act, useReducer, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '#src/domain/cart/quote.ts';
import { useQuote } from './use-quote.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Generous for a loaded CI machine; each wait ends as soon as its condition holds.
const WAIT = { timeout: 10_000, interval: 10 };

const SAO_PAULO = '01001000';
const MANAUS = '69010001';

/** The quote route, answering each CEP when the test releases it. */
function quoteRoute() {
  const pending = new Map<string, () => void>();
  return {
    pending,
    route: {
      path: '/Cart/cotacao',
      action: async ({ request }: { request: Request }) => {
        const cep = String((await request.formData()).get('cep'));
        await new Promise<void>((resolve) => pending.set(cep, resolve));
        return { quote: { cep } as unknown as Quote, error: null };
      },
    },
  };
}

let controls: { setCep: (cep: string) => void; nothingChanged: () => void };

function Page() {
  const [cep, setCep] = useState(SAO_PAULO);
  // A dispatch that returns the same state, like the checkout's "clear the messages" when there are none.
  const [, nothingChanged] = useReducer((s: number) => s, 0);
  controls = { setCep, nothingChanged: () => nothingChanged() };
  const { quote } = useQuote({ lines: [{ productId: 1, quantity: 1 }], cep });
  return <p>{quote ? `cotação para ${quote.cep}` : 'sem cotação'}</p>;
}

describe('the quote hook', () => {
  let root: ReturnType<typeof createRoot> | undefined;
  afterEach(() => act(() => root?.unmount()));

  it('shows the latest answer even when the page re-renders unchanged while that answer is on its way', async () => {
    const quotes = quoteRoute();
    const router = createMemoryRouter([{ path: '/', Component: Page }, quotes.route]);
    const container = document.createElement('div');
    root = createRoot(container);
    await act(async () => root!.render(<RouterProvider router={router} />));
    // What React Router has handed to its provider (fetchers leave router.state once idle).
    const seen = new Set<string>();
    router.subscribe((state) => {
      for (const f of state.fetchers.values()) {
        const cep = (f.data as { quote?: { cep?: string } } | undefined)?.quote?.cep;
        if (cep) seen.add(cep);
      }
    });
    const answered = (cep: string) => seen.has(cep);

    await vi.waitFor(() => expect(quotes.pending.has(SAO_PAULO)).toBe(true), WAIT);
    await act(async () => quotes.pending.get(SAO_PAULO)!());
    await vi.waitFor(() => expect(container.textContent).toBe(`cotação para ${SAO_PAULO}`), WAIT);

    await act(async () => controls.setCep(MANAUS));
    await vi.waitFor(() => expect(quotes.pending.has(MANAUS)).toBe(true), WAIT);
    await act(async () => {
      quotes.pending.get(MANAUS)!();
      // React Router holds the answer; React has not rendered it yet. Then an update that changes nothing.
      await vi.waitFor(() => expect(answered(MANAUS)).toBe(true), WAIT);
      controls.nothingChanged();
    });
    await vi.waitFor(() => expect(container.textContent).toBe(`cotação para ${MANAUS}`), WAIT);
  });
});
