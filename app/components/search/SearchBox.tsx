import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { suggestionCountText, suggestionOptions } from '#app/lib/suggestion-options.ts';
import type { SuggestionOption } from '#app/lib/suggestion-options.ts';

// The list's markup (photos, prices) loads with the first answer, after the page: first-load JavaScript
// carries only the box's keys and its fetch (docs/decisions/005's budget).
const SuggestionList = lazy(() => import('./SuggestionList.tsx'));

/** Wait this long after the last key before asking (each answer is cached per prefix, here and on the server). */
const DEBOUNCE_MS = 150;
const MIN_CHARS = 2;
const prefixOf = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The header's search: a GET form to /ProductList (works without JavaScript), and with it the ARIA 1.2
 * combobox pattern: from the second character a listbox of suggestions (products with photo and price,
 * part codes, categories, brands, vehicles); ↓/↑ move through them (aria-activedescendant, focus stays in
 * the box), Enter opens the one chosen (or searches what was typed), Escape closes the list, then clears.
 */
export function SearchBox({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(initial);
  const [typed, setTyped] = useState(false);
  const [options, setOptions] = useState<SuggestionOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announce, setAnnounce] = useState('');
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    if (!typed) return;
    const prefix = prefixOf(text);
    if (prefix.length < MIN_CHARS) {
      setOpen(false);
      setOptions([]);
      setActive(-1);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(prefix)}`, { signal: abort.signal })
        .then((res) => (res.ok ? res.json() : null))
        .then((answer) => {
          if (!answer) return;
          const list = suggestionOptions(answer);
          setOptions(list);
          setActive(-1);
          setOpen(list.length > 0);
          setAnnounce(suggestionCountText(list.length));
        })
        // A lost answer (aborted by the next key, offline) leaves the box as a plain search.
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, typed]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: SuggestionOption) => {
    close();
    navigate(option.href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (e.key === 'ArrowDown' && n > 0) {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
      } else setActive((active + 1) % n);
    } else if (e.key === 'ArrowUp' && open && n > 0) {
      e.preventDefault();
      setActive(active <= 0 ? n - 1 : active - 1);
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        close();
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  };

  return (
    <Form method="get" action="/ProductList" role="search" onSubmit={close} className="relative order-last flex w-full items-stretch md:order-none md:w-auto md:flex-1">
      <label htmlFor="busca-cabecalho" className="sr-only">
        Pesquisar produto
      </label>
      <input
        id="busca-cabecalho"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        maxLength={120}
        placeholder="Pesquisar produto..."
        className="min-w-0 flex-1 rounded-l-lg border-0 bg-white px-3 py-2 text-ink placeholder:text-neutral-500 sm:px-4 sm:py-2.5"
      />
      <button type="submit" className="rounded-r-lg bg-brand px-4 font-semibold text-ink hover:bg-brand-dark" aria-label="Pesquisar">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SuggestionList id={listId} options={options} active={active} optionId={optionId} onPick={pick} onHover={setActive} />
        </Suspense>
      )}
      <div role="status" className="sr-only">
        {announce}
      </div>
    </Form>
  );
}
