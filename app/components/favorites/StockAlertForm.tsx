import { useEffect, useId, useState } from 'react';
import { useRootData } from '../../lib/root-data.ts';

/**
 * "Avise-me quando chegar" on an out-of-stock product, or on a colour's sold-out sizes (`sizes`): the e-mail
 * (the account's, when signed in) goes to POST /api/avise-me; one e-mail is sent when the stock returns.
 */
export function StockAlertForm({ productId, color, sizes }: { productId: number; color?: string; sizes?: string[] }) {
  const id = useId();
  const signedIn = useRootData()?.user != null;
  const [email, setEmail] = useState('');
  const [size, setSize] = useState(sizes?.[0] ?? '');
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    fetch('/api/account', { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<{ email: string }>) : null))
      .then((me) => {
        if (!cancelled && me) setEmail((e) => e || me.email);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
  useEffect(() => setSize(sizes?.[0] ?? ''), [sizes?.join(',')]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSending(true);
    try {
      const res = await fetch('/api/avise-me', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email, productId, ...(sizes ? { cor: color, tamanho: size } : {}) }),
      });
      const body = (await res.json()) as { mensagem?: string; erro?: string };
      setStatus({ ok: res.ok, message: body.mensagem ?? body.erro ?? 'Não foi possível registrar o aviso. Tente novamente.' });
    } catch {
      setStatus({ ok: false, message: 'Não foi possível registrar o aviso. Tente novamente.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-titulo`} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-neutral-200" noValidate>
      <h2 id={`${id}-titulo`} className="text-base font-bold">
        Avise-me quando chegar
      </h2>
      <p className="text-sm text-ink-soft">Deixe seu e-mail e avisaremos uma única vez quando {sizes ? 'o tamanho escolhido' : 'o produto'} voltar ao estoque.</p>
      {sizes && (
        <div>
          <label htmlFor={`${id}-tamanho`} className="block text-sm font-semibold">
            Tamanho esgotado{color ? ` (cor ${color})` : ''}
          </label>
          <select id={`${id}-tamanho`} value={size} onChange={(e) => setSize(e.target.value)} className="mt-1 h-11 rounded-lg border border-neutral-300 bg-white px-3">
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-semibold">
          E-mail
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="mt-1 h-11 w-full rounded-lg border border-neutral-300 px-3"
        />
      </div>
      <button type="submit" disabled={sending} className="rounded-lg bg-ink px-5 py-2.5 font-bold text-white hover:bg-neutral-800 disabled:opacity-60">
        Avise-me
      </button>
      <p role="status" className={`min-h-5 text-sm font-medium ${status && !status.ok ? 'text-red-700' : 'text-emerald-800'}`}>
        {status?.message}
      </p>
    </form>
  );
}
