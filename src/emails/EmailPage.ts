// The frame every e-mail shares: a pt-BR page with the store's plain style, an optional heading and the
// closing link. E-mail clients ignore stylesheets, so the few styles are inline.
// Written with createElement rather than JSX: the server runs these files under Node's own type stripping
// (scripts, `npm run dev`), which reads .ts but not .tsx.
import { createElement as h } from 'react';
import type { ReactNode } from 'react';

export function EmailPage({ title, children, link }: { title?: string; children: ReactNode; link?: { href: string; label: string } }) {
  return h(
    'html',
    { lang: 'pt-BR' },
    h('head', null, h('meta', { charSet: 'utf-8' })),
    h(
      'body',
      { style: { fontFamily: 'Arial,sans-serif', color: '#1f1f1f' } },
      title ? h('h1', { style: { fontSize: '20px' } }, title) : null,
      children,
      link ? h('p', null, h('a', { href: link.href }, link.label)) : null,
    ),
  );
}
