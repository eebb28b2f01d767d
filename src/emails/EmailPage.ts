// The frame every e-mail shares: a pt-BR page with the store's plain style, an optional heading and the
// closing link. E-mail clients ignore stylesheets, so the few styles are inline.
// Written with createElement rather than JSX: the server runs these files under Node's own type stripping
// (scripts, `npm run dev`), which reads .ts but not .tsx.
import { createElement as h } from 'react';
import type { ReactNode } from 'react';
import { SERVICE_FOOTER } from '../domain/orders/emails.ts';

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
      h('hr', { style: { border: 0, borderTop: '1px solid #ddd' } }),
      h('p', { style: { fontSize: '12px', color: '#555' } }, SERVICE_FOOTER[0], h('br'), SERVICE_FOOTER[1]),
    ),
  );
}
