// The frame every e-mail shares: a pt-BR page with the store's plain style, an optional heading and the
// closing link. E-mail clients ignore stylesheets, so the few styles are inline.
import type { ReactNode } from 'react';

export function EmailPage({ title, children, link }: { title?: string; children: ReactNode; link?: { href: string; label: string } }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body style={{ fontFamily: 'Arial,sans-serif', color: '#1f1f1f' }}>
        {title ? <h1 style={{ fontSize: '20px' }}>{title}</h1> : null}
        {children}
        {link ? (
          <p>
            <a href={link.href}>{link.label}</a>
          </p>
        ) : null}
      </body>
    </html>
  );
}
