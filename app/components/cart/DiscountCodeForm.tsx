// "Cupom de desconto": the code typed here is judged by the server's quote (applied, or why not).
import { useState } from 'react';
import type { Quote } from '#src/domain/cart/quote.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';

export function DiscountCodeForm({ error, coupon, onApply, onEdit }: { error: string; coupon: Quote['coupon'] | undefined; onApply: (code: string) => void; onEdit: () => void }) {
  const [input, setInput] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onApply(input.trim());
      }}
      className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-neutral-200"
      noValidate
    >
      <label htmlFor="cupom" className="font-semibold">
        Cupom de desconto
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="cupom"
          name="cupom"
          value={input}
          maxLength={40}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cupom-erro' : undefined}
          onChange={(e) => {
            setInput(e.target.value);
            onEdit();
          }}
          className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 py-2 uppercase"
        />
        <button type="submit" className="rounded-lg bg-ink px-4 py-2 font-semibold text-white hover:bg-ink-soft">
          Aplicar
        </button>
      </div>
      {error && (
        <p id="cupom-erro" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {coupon?.applied && (
        <p role="status" className="mt-2 text-sm font-medium text-emerald-700">
          Cupom aplicado: {coupon.percent !== null ? `${coupon.percent}%` : formatBRL(coupon.amountCents ?? 0)} de desconto.
        </p>
      )}
    </form>
  );
}
