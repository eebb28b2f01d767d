import { lazy, Suspense, useRef, useState } from 'react';

// The box's code is fetched only when the shopper first opens it, so it adds nothing to first-load JS.
const ChatBox = lazy(() => import('./ChatBox.tsx'));

/** OlimpIA's floating toggle, on every page. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 print:hidden">
      {loaded && (
        <Suspense fallback={null}>
          <ChatBox open={open} onClose={close} />
        </Suspense>
      )}
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-label={open ? 'Fechar chat' : 'Abrir chat com a OlimpIA, assistente virtual'}
        aria-controls="olimpia"
        onClick={() => {
          setLoaded(true);
          if (open) close();
          else setOpen(true);
        }}
        className="flex h-14 min-w-14 items-center justify-center gap-2 rounded-full bg-ink px-4 font-bold text-white shadow-lg ring-2 ring-brand hover:bg-ink-soft sm:px-5"
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
        <span className={open ? '' : 'hidden sm:inline'}>{open ? 'Fechar chat' : 'OlimpIA'}</span>
      </button>
    </div>
  );
}
