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
  // An <aside> landmark: the toggle sits in a landmark (axe "region"), and the box's <header> is not a
  // second page banner. The toggle is a slim tab on the right edge, inside the page's side padding, so it
  // covers no content (it used to cover "Perfil", the copyright line and the vehicle selects).
  // The tab has a fixed height (its label needs 95 px at most at 390 px and 104 at 1280 in Debian's fonts):
  // Chromium can paint a page before the end of its HTML has been parsed, and a tab painted before its
  // label arrived grew upwards from its bottom anchor, a layout shift (tests/e2e/layout-shift.spec.ts, CI
  // 2026-11-27). It also keeps its size between "OlimpIA" and "Fechar".
  // The open box sits beside the tab (not above it) and is at most the viewport less 16rem tall: with the
  // tab's 6rem from the bottom that leaves 10rem above it, clear of the header (68 px at 1280, 143 at 360),
  // so the cart icon and the account menu stay usable and the box's own close button stays on screen.
  return (
    <aside aria-label="Assistente virtual OlimpIA" className="fixed right-0 bottom-24 z-40 flex flex-row items-end gap-2 print:hidden">
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
        className="flex h-[6.25rem] w-6 flex-col items-center justify-center gap-1.5 rounded-l-lg bg-ink py-2.5 text-xs font-bold text-white shadow-lg ring-2 ring-brand hover:bg-ink-soft lg:h-28 lg:w-8 lg:text-sm"
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" className="shrink-0">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
        <span className="[writing-mode:vertical-rl]">{open ? 'Fechar' : 'OlimpIA'}</span>
      </button>
    </aside>
  );
}
