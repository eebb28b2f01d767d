// @vitest-environment jsdom
// (jsdom only supplies DOMParser, to check that every SVG is well-formed XML.)
import { describe, it, expect } from 'vitest';
import { ART_ANGLES, ART_CATEGORIES, ART_COLORS, ART_SIZE, artColorForName, artPath, parseArtPath, recolorImages, renderArt } from './art.ts';
import type { ArtSpec } from './art.ts';

const ALL_SPECS: ArtSpec[] = ART_CATEGORIES.flatMap((category) => ART_COLORS.flatMap((c) => Array.from({ length: ART_ANGLES }, (_, angle) => ({ category, color: c.slug, angle }))));

const parser = new DOMParser();
const bytes = (s: string): number => new TextEncoder().encode(s).length;

/** Small independent check that every opened tag is closed in order. */
function tagsBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name = '', selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return stack.length === 0;
}

describe('renderArt', () => {
  it('has a well-formedness check that catches malformed markup', () => {
    const bad = ['<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', '<svg xmlns="http://www.w3.org/2000/svg"><path d="" d=""/></svg>'];
    for (const svg of bad) expect(parser.parseFromString(svg, 'image/svg+xml').getElementsByTagName('parsererror').length).toBeGreaterThan(0);
    expect(tagsBalanced(bad[0] ?? '')).toBe(false);
  });

  it('covers 9 categories × 11 colours × 5 angles', () => {
    expect(ALL_SPECS).toHaveLength(9 * 11 * 5);
    expect(ART_SIZE).toEqual({ width: 600, height: 600 });
  });

  it('renders a well-formed, safe, small SVG for every spec', () => {
    for (const spec of ALL_SPECS) {
      const svg = renderArt(spec);
      const where = artPath(spec);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"'), where).toBe(true);
      expect(svg.endsWith('</svg>'), where).toBe(true);
      expect(tagsBalanced(svg), where).toBe(true);
      const doc = parser.parseFromString(svg, 'image/svg+xml');
      expect(doc.getElementsByTagName('parsererror'), where).toHaveLength(0);
      expect(doc.documentElement.nodeName, where).toBe('svg');
      expect(doc.documentElement.getAttribute('role'), where).toBe('img');
      expect(doc.getElementsByTagName('title')[0]?.textContent, where).toBeTruthy();
      expect(doc.getElementsByTagName('text'), where).toHaveLength(0);
      expect(svg.toLowerCase(), where).not.toContain('<script');
      expect(svg, where).not.toMatch(/\bon[a-z]+\s*=/i);
      expect(svg, where).not.toMatch(/href\s*=\s*["']?(?:https?:|\/\/|data:|javascript:)/i);
      expect(svg, where).not.toMatch(/url\((?!#)/);
      expect(bytes(svg), where).toBeLessThan(6 * 1024);
    }
  });

  it('is deterministic', () => {
    for (const spec of ALL_SPECS.slice(0, 20)) expect(renderArt({ ...spec })).toBe(renderArt(spec));
  });

  it('gives each view of a product a different picture', () => {
    for (const category of ART_CATEGORIES) {
      const views = new Set(Array.from({ length: ART_ANGLES }, (_, angle) => renderArt({ category, color: 'azul', angle })));
      expect(views.size).toBe(ART_ANGLES);
    }
  });

  it('gives each colour scheme a different picture', () => {
    const svgs = new Set(ART_COLORS.map((c) => renderArt({ category: 'freios', color: c.slug, angle: 0 })));
    expect(svgs.size).toBe(ART_COLORS.length);
  });

  it('uses kind only in the escaped title', () => {
    const svg = renderArt({ category: 'baterias', color: 'verde', angle: 1, kind: 'Bateria 60Ah <b>&"x"' });
    expect(svg).toContain('<title>Bateria 60Ah &#60;b&#62;&#38;&#34;x&#34;');
    expect(parser.parseFromString(svg, 'image/svg+xml').getElementsByTagName('parsererror')).toHaveLength(0);
    expect(artPath({ category: 'baterias', color: 'verde', angle: 1, kind: 'Bateria 60Ah' })).toBe('/art/baterias/verde/1.svg');
  });

  it('rejects specs it cannot draw', () => {
    expect(() => renderArt({ category: 'freios', color: 'ambar', angle: 5 })).toThrow(RangeError);
    expect(() => renderArt({ category: 'freios', color: 'ambar', angle: 1.5 })).toThrow(RangeError);
    expect(() => renderArt({ category: 'pneus' as never, color: 'ambar', angle: 0 })).toThrow(RangeError);
    expect(() => renderArt({ category: 'freios', color: 'rosa' as never, angle: 0 })).toThrow(RangeError);
  });
});

describe('artPath / parseArtPath', () => {
  it('builds the documented URL', () => {
    expect(artPath({ category: 'freios', color: 'ambar', angle: 2 })).toBe('/art/freios/ambar/2.svg');
  });

  it('round-trips every spec', () => {
    for (const spec of ALL_SPECS) expect(parseArtPath(artPath(spec))).toEqual(spec);
  });

  it.each([
    '/art/x/ambar/1.svg',
    '/art/freios/ambar/9.svg',
    '/art/freios/ambar/5.svg',
    '/art/freios/ambar/-1.svg',
    '/art/../etc/passwd',
    '/art/freios/../../etc/passwd',
    '/art/freios/ambar/1.svg/extra',
    '/art/freios/ambar/01.svg',
    '/art/freios/ambar/1.png',
    '/art/freios/ambar/1',
    '/art/freios/rosa/1.svg',
    '/art/Freios/ambar/1.svg',
    '/art/freios/ambar/1.svg?x=1',
    'art/freios/ambar/1.svg',
    '/art//freios/ambar/1.svg',
    '/art/freios/ambar/1.svg\n',
    '/art/constructor/ambar/1.svg',
    '/art/freios/toString/1.svg',
    '',
  ])('rejects %j', (pathname) => {
    expect(parseArtPath(pathname)).toBeNull();
  });
});

describe('recolorImages', () => {
  it('redraws art in the footwear colour chosen and leaves uploads alone', () => {
    const imgs = [
      { url: '/art/calcados/grafite/0.svg', alt: 'Bota' },
      { url: '/uploads/produtos/x.webp', alt: 'Foto' },
    ];
    expect(recolorImages(imgs, 'Caramelo').map((i) => i.url)).toEqual(['/art/calcados/caramelo/0.svg', '/uploads/produtos/x.webp']);
    expect(recolorImages(imgs, 'Azul-marinho')[0]!.url).toBe('/art/calcados/marinho/0.svg');
    expect(recolorImages(imgs, 'Furta-cor')[0]!.url).toBe('/art/calcados/grafite/0.svg');
    expect(artColorForName('preto')).toBe('preto');
  });
});
