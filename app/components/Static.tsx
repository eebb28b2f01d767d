import { createElement, useId, useRef, useState } from 'react';
import type { AnchorHTMLAttributes, FocusEvent, HTMLAttributes, MouseEvent, ReactNode, TouchEvent } from 'react';
import { PrefetchPageLinks, useNavigate } from 'react-router';

/**
 * A "static island" (issue 16, hydrate less). On the server, and on every client-side render after the
 * page's first load, it renders its children like any element. While the page hydrates it does not: it
 * reads the HTML the server put inside its element and keeps that DOM as it is (`dangerouslySetInnerHTML`
 * with the element's own innerHTML), so React creates no fibers, runs no hooks and commits nothing for
 * the cards, footer columns or specs inside. That work was most of the hydration long tasks on a phone.
 *
 * What stays the same for the shopper:
 * - The markup is the server's, byte for byte.
 * - Clicking one of the island's router links (`<Link>` and `IslandLink` render `data-discover`) still
 *   navigates without a page load: one click handler on the island does what each `<Link>`'s own would
 *   (plain click, same origin, no target or download; modified clicks open tabs as before).
 * - With `prefetch`, hovering or focusing such a link for 100 ms prefetches its page, as `prefetch="intent"`.
 * - The handlers stay when the children render live, so an `IslandLink` works the same before and after.
 * - When `version` changes (new loader data after a navigation or a revalidation), the children render and
 *   replace the server's markup, like any React element.
 * Without JavaScript nothing here runs: the server's markup is the page.
 */
type StaticProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'ul' | 'footer' | 'section' | 'nav' | 'table';
  /**
   * Identifies the content: while it equals the first one, the server's markup stays. Only the browser
   * compares versions, so a function (serialising the loader data, say) is called there and never on the server.
   */
  version?: string | (() => string);
  /** Prefetch a link's page on hover/focus, as `<Link prefetch="intent">` does. */
  prefetch?: boolean;
  children: ReactNode;
};

let pageHydrated = false;
/** Called once the first render has committed (root.tsx): islands mounted later render their children. */
export function markHydrated() {
  pageHydrated = true;
}

const INTENT_DELAY_MS = 100;

export function Static({ as = 'div', version: versionOf = '', prefetch = false, children, ...props }: StaticProps) {
  const id = useId();
  const version = typeof versionOf === 'string' ? versionOf : typeof document === 'undefined' ? '' : versionOf();
  const navigate = useNavigate();
  // The server's markup, read once, when this island is part of the page's first (hydrating) render.
  const [first] = useState(() => {
    if (typeof document === 'undefined' || pageHydrated) return null;
    const el = document.querySelector(`[data-static="${CSS.escape(id)}"]`);
    return el ? { html: el.innerHTML, version } : null;
  });
  const keep = first !== null && first.version === version;
  const [intent, setIntent] = useState<string | null>(null);
  const hovered = useRef<{ link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null>(null);

  const routerLink = (target: EventTarget | null, island: Element) => {
    const a = target instanceof Element ? target.closest('a[data-discover]') : null;
    return a instanceof HTMLAnchorElement && island.contains(a) && a.origin === window.location.origin ? a : null;
  };
  // <Link prefetch="intent">: 100 ms on a link (pointer or focus) renders its page's prefetch links; leaving
  // it removes them. Moving between the link's own children is not leaving it.
  const enter = (link: HTMLAnchorElement | null) => {
    if (!link || hovered.current?.link === link) return;
    leave();
    hovered.current = { link, timer: setTimeout(() => setIntent(link.pathname + link.search), INTENT_DELAY_MS) };
  };
  const leave = () => {
    if (hovered.current) clearTimeout(hovered.current.timer);
    hovered.current = null;
    setIntent(null);
  };
  const prefetchHandlers = {
    onMouseOver: (e: MouseEvent<HTMLElement>) => enter(routerLink(e.target, e.currentTarget)),
    onMouseOut: (e: MouseEvent<HTMLElement>) => {
      if (!hovered.current?.link.contains(e.relatedTarget as Node | null)) leave();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => enter(routerLink(e.target, e.currentTarget)),
    onBlur: leave,
    onTouchStart: (e: TouchEvent<HTMLElement>) => {
      const link = routerLink(e.target, e.currentTarget);
      if (link) setIntent(link.pathname + link.search);
    },
  };
  const handlers = {
    onClick(e: MouseEvent<HTMLElement>) {
      const a = routerLink(e.target, e.currentTarget);
      if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      e.preventDefault();
      const to = a.pathname + a.search + a.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // <Link> replaces the history entry when it points at the current location.
      void navigate(to, { replace: to === here });
    },
    ...(prefetch ? prefetchHandlers : {}),
  };

  // A new key when the markup goes live: React makes a fresh element instead of patching the kept one.
  // A live `<Link>` handles its own click first (the island then sees it prevented) and prefetches itself.
  const element = keep
    ? createElement(as, { ...props, ...handlers, key: 'server', 'data-static': id, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: first.html } })
    : createElement(as, { ...props, ...handlers, key: 'live', 'data-static': id }, children);
  return (
    <>
      {element}
      {intent && <PrefetchPageLinks page={intent} />}
    </>
  );
}

/**
 * A router link for inside a `Static` island only: the island navigates on its click and prefetches it on
 * intent, so it is a plain anchor with the markup `<Link>` renders. A `<Link>` runs its hooks on every server
 * render: `LinkWithRef` was 4.2 % of an uncached list page's server CPU in a profile (issue 16's bench runs, in git history).
 */
export function IslandLink({ to, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a {...props} href={to} data-discover="true" />;
}
