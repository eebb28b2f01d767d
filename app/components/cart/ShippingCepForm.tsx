// "Calcular frete (CEP)": checked on submit and when the field is left; the freight then shows in the summary.
import { useState } from 'react';

export function ShippingCepForm({ error, onCheck }: { error: string; onCheck: (input: string) => void }) {
  const [input, setInput] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onCheck(input);
      }}
      className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-neutral-200"
      noValidate
    >
      <label htmlFor="cep" className="font-semibold">
        Calcular frete (CEP)
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="cep"
          name="cep"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={9}
          value={input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cep-erro' : undefined}
          onChange={(e) => setInput(e.target.value)}
          onBlur={() => onCheck(input)}
          className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 py-2"
        />
        <button type="submit" className="rounded-lg bg-ink px-4 py-2 font-semibold text-white hover:bg-ink-soft">
          OK
        </button>
      </div>
      {error && (
        <p id="cep-erro" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
