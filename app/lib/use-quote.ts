// The cart priced by the server, through a fetcher posting to the quote route (app/routes/cart-quote.ts).
// A newer request interrupts an older one, so an answer that arrives late never overwrites a fresher one.
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Quote, QuoteRequest } from '#src/domain/cart/quote.ts';
import { quoteForm } from './cart-form.ts';
import type { QuoteAnswer } from './cart-form.ts';

const QUOTE_PATH = '/Cart/cotacao';

export interface QuoteState {
  /** The latest quote, kept when a later request fails. */
  quote: Quote | null;
  /** What that quote was asked for (the coupon it judged, say). */
  request: QuoteRequest | null;
  /** The latest request failed (no connection, a server error). */
  failed: boolean;
}

export function useQuote(request: QuoteRequest | null): QuoteState {
  const fetcher = useFetcher<QuoteAnswer>();
  // `answer` is the fetcher answer this state was last adjusted for.
  const [state, setState] = useState<QuoteState & { answer: QuoteAnswer | undefined }>({ answer: undefined, quote: null, request: null, failed: false });
  const sent = useRef<QuoteRequest | null>(null);
  const key = request ? JSON.stringify(request) : null;
  useEffect(() => {
    if (!request) return;
    sent.current = request;
    // A quote reads prices and stock: no page's loader needs to run again after it.
    void fetcher.submit(quoteForm(request), { method: 'post', action: QUOTE_PATH, defaultShouldRevalidate: false });
    // Keyed by the request's content (`key`), not its identity: a new object with the same lines asks nothing.
  }, [key]);
  // A new answer adjusts the state in the render that first sees it (React's "storing information from
  // previous renders"), not in an effect keyed on fetcher.data. React Router keeps fetcher data in a map it
  // fills before React renders the update, so a render that changes nothing else (the checkout clears its
  // messages when the CEP field is left) already reads the new answer; React then drops that render's effects
  // and still keeps its dependencies, and the effect never ran for that answer: the checkout kept the previous
  // CEP's freight (use-quote.test.tsx). The fetcher answers only the latest submission, so this is about `sent`.
  const answer = fetcher.data;
  if (answer !== undefined && answer !== state.answer) {
    setState(answer.quote ? { answer, quote: answer.quote, request: sent.current, failed: false } : { ...state, answer, failed: true });
  }
  return state;
}
