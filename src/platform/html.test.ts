import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes text and attribute values exactly as React does', () => {
    const nasty = `<script>alert("x")</script> & 'Filtro' Óleo 5W30`;
    expect(escapeHtml(nasty)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Filtro&#x27; Óleo 5W30');
    expect(renderToStaticMarkup(createElement('p', { title: nasty }, nasty))).toBe(`<p title="${escapeHtml(nasty)}">${escapeHtml(nasty)}</p>`);
  });
});
