import { useEffect, useState } from 'react';

/**
 * "Quantidade" on the product page: − and + buttons around a number field, from 1 to `max` (the stock, at
 * most the order limit per product: src/domain/checkout/units.ts). What is typed is kept within the bounds.
 */
export function QuantityPicker({ value, max, onChange, hint }: { value: number; max: number; onChange: (n: number) => void; hint: string }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const set = (n: number) => onChange(Math.max(1, Math.min(max, Math.floor(n))));
  const step =
    'inline-flex h-11 w-11 items-center justify-center text-xl font-bold hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-400 focus-visible:ring-2 focus-visible:ring-ink';
  return (
    <div>
      <label htmlFor="quantidade" className="block text-sm font-semibold">
        Quantidade
      </label>
      <div className="mt-1 inline-flex items-center overflow-hidden rounded-lg bg-white ring-1 ring-neutral-300">
        <button type="button" className={step} aria-label="Diminuir a quantidade" disabled={value <= 1} onClick={() => set(value - 1)}>
          −
        </button>
        <input
          id="quantidade"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={text}
          aria-describedby="quantidade-dica"
          onChange={(e) => {
            setText(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(n)) set(n);
          }}
          onBlur={() => setText(String(value))}
          className="h-11 w-16 border-x border-neutral-300 text-center text-base font-semibold [appearance:textfield] focus:outline-none focus-visible:ring-2 focus-visible:ring-ink [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={step} aria-label="Aumentar a quantidade" disabled={value >= max} onClick={() => set(value + 1)}>
          +
        </button>
      </div>
      <p id="quantidade-dica" className="mt-1 text-xs text-ink-soft">
        {hint}
      </p>
    </div>
  );
}
