import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '#src/domain/catalog/types.ts';
import { ProductGrid } from './ProductCard.tsx';
import type { FitBadge } from './ProductCard.tsx';

const farol: ProductSummary = {
  id: 1,
  slug: 'farol-dianteiro-esquerdo-volvo-c70',
  title: 'Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013',
  brand: 'Magneti Marelli',
  category: 'iluminacao',
  priceCents: 71_990,
  oldPriceCents: 91_900,
  onSale: true,
  discountPercent: 22,
  stock: 7,
  rating: null,
  image: { url: '/art/iluminacao/ambar/0.svg', alt: 'Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013, vista frontal', width: 600, height: 600 },
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One card, as the grid renders it on the server (inside its island and list cell). */
const card = (product: ProductSummary, { eager = false, fit }: { eager?: boolean; fit?: FitBadge } = {}) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ProductGrid products={[product]} eagerCount={eager ? 1 : 0} fit={() => fit} />
    </MemoryRouter>,
  ).replace(/^<link[^>]*>/, '');

describe('ProductGrid cards', () => {
  it('shows the brand, the title as a router link, the old and new prices, the PIX price and the installments in pt-BR', () => {
    const html = card(farol, { eager: true });
    expect(text(html)).toBe('22% OFF Magneti Marelli Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013 Preço antigo: R$ 919,00 Preço: R$ 719,90 R$ 647,91 no PIX ou 10x de R$ 71,99 sem juros');
    expect(html).toContain('<a class="after:absolute after:inset-0 focus:outline-none" href="/ProductView/1" data-discover="true">');
    expect(html).toContain('<img src="/art/iluminacao/ambar/0.svg" alt="Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013, vista frontal" width="600" height="600" loading="eager"');
    expect(card(farol)).toContain('loading="lazy"');
  });

  it('escapes every catalog value, in text and in attributes', () => {
    const evil: ProductSummary = {
      ...farol,
      title: '<script>alert("x")</script> & \'Filtro\'',
      brand: '<b>Bosch</b>',
      image: { ...farol.image!, url: '/a.svg" onerror="alert(1)', alt: 'x"><img src=y onerror=alert(1)>' },
    };
    const html = card(evil, { fit: { text: 'Serve no <Gol>', universal: false } });
    expect(html).not.toMatch(/<script|<b>|<img src=y|" onerror=|<Gol>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Filtro&#x27;');
    expect(html).toContain('src="/a.svg&quot; onerror=&quot;alert(1)"');
    expect(html).toContain('Serve no &lt;Gol&gt;');
  });

  it('shows the vehicle a part fits (and whether it is universal), a sold-out part, and a full-price part without the sale lines', () => {
    const html = card({ ...farol, onSale: false, oldPriceCents: null, discountPercent: 0, stock: 0, priceCents: 1_990 }, { fit: { text: 'Serve no seu Gol 1.0 2015', universal: true } });
    expect(text(html)).toBe('Magneti Marelli Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013 Serve no seu Gol 1.0 2015 (universal) Preço: R$ 19,90 R$ 17,91 no PIX Esgotado');
    expect(html).toContain('<svg aria-hidden="true"');
    expect(html).not.toContain('OFF');
  });
});

describe('ProductGrid', () => {
  it('renders the cards inside the island, with the list cells, and the first cards eager with their images preloaded', () => {
    const second = { ...farol, id: 2, title: 'Segundo', image: { ...farol.image!, url: '/art/iluminacao/azul/0.svg' } };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProductGrid products={[farol, second]} eagerCount={1} lazy />
      </MemoryRouter>,
    );
    // React puts the preload in the page's <head>; rendered alone, it comes first.
    expect(html).toMatch(/^<link rel="preload" as="image" href="\/art\/iluminacao\/ambar\/0.svg"\/><ul class="grid grid-cols-2[^"]*" data-static="[^"]+"><li class="product-cell flex"><article /);
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
    expect(html.match(/<li class="product-cell flex">/g)).toHaveLength(2);
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html).toContain('href="/ProductView/2" data-discover="true">Segundo</a>');
  });
});
