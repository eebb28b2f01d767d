// The one-time notice after a redirect ("Login realizado com sucesso!"), announced politely and never as a
// blocking alert. It comes from the root loader (app/lib/flash.server.ts) and can be dismissed.
import { useEffect, useState } from 'react';
import { useRootData } from '../lib/root-data.ts';

interface Flash {
  id: string;
  message: string;
}

export function FlashNotice() {
  const flash: Flash | null = useRootData()?.flash ?? null;
  const [hidden, setHidden] = useState<string | null>(null);
  useEffect(() => setHidden(null), [flash?.id]);
  const visible = flash && hidden !== flash.id;
  return (
    <div role="status" aria-live="polite" className={visible ? 'container-page pt-4' : 'sr-only'}>
      {visible && (
        <p className="flex items-start justify-between gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          <span data-testid="aviso">{flash.message}</span>
          <button type="button" onClick={() => setHidden(flash.id)} className="rounded px-1 text-emerald-900 hover:bg-emerald-100" aria-label="Fechar aviso">
            ×
          </button>
        </p>
      )}
    </div>
  );
}
