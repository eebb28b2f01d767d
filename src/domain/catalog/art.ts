// Owns the store's product artwork: original flat illustrations drawn in code as SVG, one drawing per
// category, tinted by a colour scheme and composed in five views. Pure: no Node APIs, no I/O, deterministic.

export const ART_CATEGORIES = ['freios', 'suspensao', 'motor', 'iluminacao', 'eletrica', 'filtros', 'acessorios', 'baterias', 'calcados'] as const;
export type ArtCategory = (typeof ART_CATEGORIES)[number];

/** primary = the part's accent, secondary = its shade, background = the soft tile behind it. */
export const ART_COLORS = [
  { slug: 'ambar', label: 'Âmbar', primary: '#f6aa1c', secondary: '#c47f0a', background: '#fdf3e1' },
  { slug: 'grafite', label: 'Grafite', primary: '#4b4f58', secondary: '#2c2f35', background: '#eef0f2' },
  { slug: 'azul', label: 'Azul', primary: '#2f6fd6', secondary: '#1d4a99', background: '#e9f1fc' },
  { slug: 'vermelho', label: 'Vermelho', primary: '#d8412f', secondary: '#9c2b1f', background: '#fcecea' },
  { slug: 'verde', label: 'Verde', primary: '#2e9a5a', secondary: '#1e6a3d', background: '#e8f5ed' },
  { slug: 'prata', label: 'Prata', primary: '#aab1bc', secondary: '#7d8591', background: '#f3f4f6' },
  // The footwear colours, so a shoe's photo can follow the colour chosen (FOOTWEAR_ART_COLORS).
  { slug: 'preto', label: 'Preto', primary: '#2b2b2e', secondary: '#111113', background: '#eeeeef' },
  { slug: 'marrom', label: 'Marrom', primary: '#6b4226', secondary: '#472b18', background: '#f4ede8' },
  { slug: 'cinza', label: 'Cinza', primary: '#8a8f98', secondary: '#5f646c', background: '#f1f2f4' },
  { slug: 'marinho', label: 'Azul-marinho', primary: '#1f2f57', secondary: '#111b36', background: '#e9ecf4' },
  { slug: 'caramelo', label: 'Caramelo', primary: '#c68642', secondary: '#955f28', background: '#fbf1e6' },
] as const;
export type ArtColor = (typeof ART_COLORS)[number];
export type ArtColorSlug = ArtColor['slug'];

/** Views per product: 0 front, 1 three-quarter, 2 side, 3 detail close-up, 4 with its packaging. */
export const ART_ANGLES = 5;
export const ART_ANGLE_LABELS = ['vista frontal', 'vista três-quartos', 'vista lateral', 'detalhe', 'na embalagem'] as const;

export const ART_SIZE = { width: 600, height: 600 } as const;

export const ART_CATEGORY_LABELS: Readonly<Record<ArtCategory, string>> = {
  freios: 'Disco de freio com pinça',
  suspensao: 'Amortecedor com mola',
  motor: 'Pistão com biela',
  iluminacao: 'Farol',
  eletrica: 'Vela de ignição',
  filtros: 'Filtro de óleo',
  acessorios: 'Volante',
  baterias: 'Bateria automotiva',
  calcados: 'Bota',
};

/** `kind` is only a display name for the `<title>`; it is not part of the URL. */
export type ArtSpec = { category: ArtCategory; color: ArtColorSlug; angle: number; kind?: string };

const AMBER = '#f6aa1c';
const INK = '#1f1f1f';
const DARK = '#2e3138';

export function isArtCategory(value: string): value is ArtCategory {
  return (ART_CATEGORIES as readonly string[]).includes(value);
}

export function isArtColorSlug(value: string): value is ArtColorSlug {
  return ART_COLORS.some((c) => c.slug === value);
}

/** The art colour drawn for a footwear colour name ("Azul-marinho" → marinho); null when there is none. */
export function artColorForName(name: string): ArtColorSlug | null {
  const label = name.normalize('NFC').trim().toLowerCase();
  return ART_COLORS.find((c) => c.label.toLowerCase() === label)?.slug ?? null;
}

/**
 * A product's drawings in another colour: each art image is redrawn in `colorName`'s colour (photos that are
 * not drawings, such as a seller's upload, stay as they are). Used so a shoe's photo follows the colour chosen.
 */
export function recolorImages<T extends { url: string; alt: string }>(images: readonly T[], colorName: string): T[] {
  const color = artColorForName(colorName);
  if (!color) return [...images];
  return images.map((img) => {
    const spec = parseArtPath(img.url);
    if (!spec || spec.color === color) return img;
    return { ...img, url: artPath({ ...spec, color }) };
  });
}

/** One photo URL in a variant's colour (a drawing is redrawn; anything else, or no colour, is kept). */
export function recolorImageUrl(url: string, colorName: string | null): string {
  if (!colorName) return url;
  const color = artColorForName(colorName);
  const spec = color ? parseArtPath(url) : null;
  return spec && color ? artPath({ ...spec, color }) : url;
}

function isAngle(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < ART_ANGLES;
}

export function artPath(spec: ArtSpec): string {
  return `/art/${spec.category}/${spec.color}/${spec.angle}.svg`;
}

/** Exact inverse of artPath; null for anything that artPath could not have produced. */
export function parseArtPath(pathname: string): ArtSpec | null {
  const m = /^\/art\/([a-z]+)\/([a-z]+)\/([0-9])\.svg$/.exec(pathname);
  if (!m) return null;
  const [, category = '', color = '', angleText = ''] = m;
  const angle = Number(angleText);
  if (!isArtCategory(category) || !isArtColorSlug(color) || !isAngle(angle)) return null;
  return { category, color, angle };
}

// ---------------------------------------------------------------------------------------------------
// Tiny SVG helpers (numbers are kept short; every attribute value is code-controlled except the title).

type Num = number;
const f = (x: Num): string => String(Math.round(x * 10) / 10);
const circ = (cx: Num, cy: Num, r: Num, fill: string, extra = ''): string => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
const rect = (x: Num, y: Num, w: Num, h: Num, rx: Num, fill: string, extra = ''): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ''} fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d: string, color: string, width: Num, extra = '', cap = 'round'): string => `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(width)}" stroke-linecap="${cap}"${extra}/>`;
const op = (o: Num): string => ` opacity="${o}"`;
/** Point on a circle, angle in degrees (0 = right, 90 = down). */
const pt = (cx: Num, cy: Num, r: Num, deg: Num): string => {
  const a = (deg * Math.PI) / 180;
  return `${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))}`;
};
const arc = (cx: Num, cy: Num, r: Num, from: Num, to: Num): string => `M${pt(cx, cy, r, from)}A${f(r)} ${f(r)} 0 ${to - from > 180 ? 1 : 0} 1 ${pt(cx, cy, r, to)}`;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

type Ctx = { c: ArtColor; metal: string };

// ---------------------------------------------------------------------------------------------------
// The drawings: each fits roughly inside 130..470 around the centre (300, 300).

function freios({ c, metal }: Ctx): string {
  let s = circ(300, 300, 168, metal) + circ(300, 300, 168, 'none', ` stroke="${INK}" stroke-opacity=".18" stroke-width="3"`);
  s += circ(300, 300, 142, 'none', ` stroke="#7d8591" stroke-opacity=".35" stroke-width="2"`);
  for (let i = 0; i < 12; i++) s += circ(...xy(300, 300, 120, i * 30 + 15), 7, '#5b616b');
  s += circ(300, 300, 80, '#c3c8cf', ` stroke="#8f96a0" stroke-width="4"`);
  for (let i = 0; i < 5; i++) s += circ(...xy(300, 300, 48, i * 72 - 90), 9, INK, op(0.8));
  s += circ(300, 300, 24, INK);
  // Caliper straddling the rim.
  s += stroke(arc(300, 300, 152, -78, 2), c.secondary, 84);
  s += stroke(arc(300, 300, 152, -76, 0), c.primary, 72);
  s += stroke(arc(300, 300, 176, -66, -12), '#fff', 8, op(0.35));
  s += circ(...xy(300, 300, 126, -62), 9, INK, op(0.7)) + circ(...xy(300, 300, 126, -14), 9, INK, op(0.7));
  return s;
}

function xy(cx: Num, cy: Num, r: Num, deg: Num): [Num, Num] {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

function suspensao({ c, metal }: Ctx): string {
  let back = '';
  let front = '';
  for (let y = 174; y <= 398; y += 32) {
    front += `M226 ${y}L374 ${y + 16}`;
    if (y < 398) back += `M374 ${y + 16}L226 ${y + 32}`;
  }
  let s = circ(300, 110, 28, INK) + circ(300, 110, 12, c.background);
  s += rect(290, 120, 20, 30, 0, DARK);
  s += stroke(back, c.secondary, 14);
  s += rect(204, 148, 192, 20, 10, INK);
  s += rect(272, 166, 56, 130, 10, DARK) + rect(282, 172, 8, 116, 4, '#fff', op(0.15));
  s += rect(290, 292, 20, 30, 0, metal);
  s += rect(266, 318, 68, 128, 12, metal) + rect(276, 326, 10, 110, 5, '#fff', op(0.5));
  s += rect(212, 420, 176, 20, 10, INK);
  s += rect(288, 440, 24, 30, 0, DARK) + circ(300, 486, 28, INK) + circ(300, 486, 12, c.background);
  s += stroke(front, c.primary, 16) + stroke(front, '#fff', 4, ` opacity=".35" transform="translate(0 -4)"`);
  return s;
}

function motor({ c, metal }: Ctx): string {
  let s = path('M282 220L318 220L342 392L258 392Z', c.primary);
  s += path('M294 240L306 240L318 372L282 372Z', c.secondary, op(0.6));
  s += circ(300, 424, 68, c.primary) + circ(300, 424, 42, metal) + circ(300, 424, 30, c.background);
  s += stroke('M236 424H256M344 424H364', c.secondary, 6) + circ(248, 450, 7, INK, op(0.8)) + circ(352, 450, 7, INK, op(0.8));
  s += path('M204 132Q204 110 226 110L374 110Q396 110 396 132L396 282Q300 304 204 282Z', metal);
  s += path('M204 132Q204 110 226 110L374 110Q396 110 396 132L396 282Q300 304 204 282Z', 'none', ` stroke="${INK}" stroke-opacity=".15" stroke-width="3"`);
  for (const y of [134, 152, 170]) s += rect(204, y, 192, 7, 0, INK, op(0.55));
  s += circ(300, 234, 27, '#9aa1ab') + circ(300, 234, 15, INK, op(0.75));
  s += rect(222, 114, 16, 170, 8, '#fff', op(0.35));
  return s;
}

function iluminacao({ c, metal }: Ctx): string {
  let s = path('M108 304Q116 212 222 200L468 178Q506 176 498 216L478 362Q470 404 428 404L172 404Q110 404 108 352Z', INK);
  s += path('M128 306Q136 230 226 220L462 198Q480 198 476 220L458 356Q452 384 424 384L176 384Q128 384 128 346Z', DARK);
  s += stroke('M232 214L462 194', AMBER, 8);
  // Projector (low beam): chrome bowl, faceted reflector, glass lens.
  s += circ(232, 302, 74, metal) + circ(232, 302, 56, '#cfd4db');
  s += stroke('M232 246V358M176 302H288M192 262L272 342M272 262L192 342', '#fff', 2, op(0.5));
  s += circ(232, 302, 36, metal) + circ(232, 302, 36, '#dbe7f4', op(0.55));
  s += stroke(arc(232, 302, 26, 200, 260), '#fff', 6, op(0.9));
  // High beam.
  s += circ(382, 294, 54, metal) + circ(382, 294, 40, '#cfd4db');
  s += stroke('M382 254V334M342 294H422', '#fff', 2, op(0.5));
  s += circ(382, 294, 14, '#fffbea', ` stroke="#9aa1ab" stroke-width="4"`);
  s += stroke('M160 372Q300 378 440 362', c.primary, 26, op(0.3)) + stroke('M160 372Q300 378 440 362', c.primary, 10);
  s += path('M128 306Q136 230 226 220L462 198L450 252Q300 236 128 318Z', '#fff', op(0.12));
  return s;
}

function eletrica({ c, metal }: Ctx): string {
  let s = rect(288, 90, 24, 30, 6, metal) + rect(278, 112, 44, 12, 4, metal);
  s += path('M272 122L328 122L336 292L264 292Z', '#f6f4ef', ` stroke="${INK}" stroke-opacity=".18" stroke-width="2"`);
  s += stroke('M276 142H324M276 162H324M277 182H323M278 202H322M279 222H321', '#d9d4c8', 6);
  s += rect(268, 244, 64, 20, 0, c.primary);
  s += rect(228, 290, 144, 66, 6, c.primary) + rect(228, 290, 20, 66, 6, '#fff', op(0.25));
  s += stroke('M276 294V352M324 294V352', c.secondary, 4);
  s += rect(240, 354, 120, 14, 4, '#9aa1ab');
  s += rect(262, 366, 76, 96, 4, metal);
  let threads = '';
  for (let y = 372; y < 456; y += 12) threads += `M264 ${y}L336 ${y + 8}`;
  s += stroke(threads, '#6b727c', 3);
  s += rect(294, 460, 12, 18, 2, '#c9ced6');
  s += `<path d="M330 460V500H298" fill="none" stroke="#6b727c" stroke-width="10" stroke-linejoin="round"/>`;
  return s;
}

function filtros({ c }: Ctx): string {
  let s = rect(190, 150, 220, 240, 0, c.primary);
  s += rect(190, 150, 28, 240, 0, INK, op(0.12)) + rect(382, 150, 28, 240, 0, INK, op(0.18));
  s += `<ellipse cx="300" cy="150" rx="110" ry="26" fill="${c.secondary}"/>`;
  s += `<ellipse cx="300" cy="146" rx="94" ry="18" fill="${c.primary}"/>`;
  s += `<ellipse cx="300" cy="146" rx="34" ry="8" fill="${INK}" opacity=".55"/>`;
  s += rect(206, 206, 188, 132, 6, '#fff', op(0.92));
  s += rect(206, 300, 188, 16, 0, INK);
  s += path('M300 222C318 246 326 258 326 270A26 26 0 0 1 274 270C274 258 282 246 300 222Z', AMBER);
  s += `<path d="M190 380H410V442A110 24 0 0 1 190 442Z" fill="${c.secondary}"/>`;
  let ribs = '';
  for (let x = 204; x <= 396; x += 16) ribs += `M${x} 392V${446 + Math.round(6 * Math.sin(((x - 190) / 220) * Math.PI))}`;
  s += stroke(ribs, '#fff', 6, op(0.22));
  s += rect(236, 160, 20, 222, 10, '#fff', op(0.3));
  return s;
}

function acessorios({ c }: Ctx): string {
  let s = circ(300, 300, 162, 'none', ` stroke="${INK}" stroke-width="40"`);
  s += stroke(arc(300, 300, 162, 150, 210), c.primary, 40, '', 'butt');
  s += stroke(arc(300, 300, 162, -30, 30), c.primary, 40, '', 'butt');
  s += stroke(arc(300, 300, 162, 264, 276), AMBER, 40, '', 'butt');
  s += circ(300, 300, 162, 'none', ` stroke="#fff" stroke-opacity=".3" stroke-width="2" stroke-dasharray="6 6"`);
  s += stroke(arc(300, 300, 174, 200, 250), '#fff', 6, op(0.3));
  s += path('M142 290L246 278L246 338L146 330Z', DARK) + path('M458 290L354 278L354 338L454 330Z', DARK);
  s += path('M268 350L332 350L348 458L252 458Z', DARK);
  s += circ(300, 308, 64, c.primary) + circ(300, 308, 52, DARK) + circ(300, 308, 18, AMBER);
  return s;
}

function baterias({ c, metal }: Ctx): string {
  let s = '';
  for (const x of [196, 404]) {
    s += rect(x - 26, 170, 52, 14, 4, INK) + rect(x - 18, 142, 36, 32, 0, metal);
    s += `<ellipse cx="${x}" cy="142" rx="18" ry="6" fill="#eef0f3"/>`;
  }
  s += rect(140, 206, 320, 236, 14, DARK);
  s += rect(130, 180, 340, 56, 12, c.primary) + rect(130, 222, 340, 14, 0, c.secondary);
  for (const x of [252, 284, 316, 348]) s += circ(x, 204, 8, c.secondary);
  s += rect(178, 266, 36, 10, 3, '#fff') + rect(191, 253, 10, 36, 3, '#fff');
  s += rect(386, 266, 36, 10, 3, '#fff');
  s += rect(162, 312, 276, 100, 10, '#fff', op(0.07));
  s += path('M314 322L268 370L298 370L284 404L334 352L304 352Z', AMBER);
  s += rect(150, 246, 10, 184, 5, '#fff', op(0.1));
  return s;
}

function calcados({ c }: Ctx): string {
  const upper = 'M176 128Q240 116 302 126Q300 220 338 252L418 278Q472 296 474 352L476 380L160 380Q146 300 166 220Z';
  let s = `<g transform="translate(-14 26)">`;
  s += path(upper, c.primary);
  s += path('M382 266L418 278Q472 296 474 352L476 380L384 380Q362 320 382 266Z', c.secondary);
  s += path('M160 380Q146 300 168 232Q216 250 226 300Q232 345 222 380Z', c.secondary);
  s += stroke('M392 282Q372 330 392 370', '#fff', 2, ` opacity=".5" stroke-dasharray="5 5"`);
  s += path('M172 124Q240 110 306 120L304 148Q240 138 174 150Z', INK);
  s += rect(158, 102, 22, 48, 8, INK);
  let laces = '';
  for (let i = 0; i < 5; i++) {
    const y = 168 + i * 20;
    const x = 298 + i * 8;
    laces += `M${x - 6} ${y + 8}L${x + 22} ${y - 4}`;
  }
  s += stroke(laces, '#fff', 6, op(0.9));
  s += path('M150 380L482 380Q490 412 462 426L174 426Q150 426 150 402Z', INK);
  s += rect(152, 378, 328, 8, 0, AMBER);
  s += stroke('M190 418H206M226 418H242M262 418H278M298 418H314M334 418H350M370 418H386M406 418H422', '#fff', 4, op(0.15));
  s += path('M186 150Q178 220 184 330', 'none', ` stroke="#fff" stroke-opacity=".25" stroke-width="8" stroke-linecap="round"`);
  return s + '</g>';
}

const DRAW: Record<ArtCategory, (ctx: Ctx) => string> = {
  freios,
  suspensao,
  motor,
  iluminacao,
  eletrica,
  filtros,
  acessorios,
  baterias,
  calcados,
};

/** Where the close-up (angle 3) looks: the most characteristic part of each drawing. */
const FOCUS: Record<ArtCategory, [Num, Num]> = {
  freios: [372, 218],
  suspensao: [300, 230],
  motor: [300, 180],
  iluminacao: [262, 292],
  eletrica: [300, 330],
  filtros: [300, 380],
  acessorios: [300, 330],
  baterias: [250, 220],
  calcados: [330, 260],
};

// ---------------------------------------------------------------------------------------------------

export function renderArt(spec: ArtSpec): string {
  if (!isArtCategory(spec.category)) throw new RangeError(`Unknown art category: ${String(spec.category)}`);
  const c = ART_COLORS.find((x) => x.slug === spec.color);
  if (!c) throw new RangeError(`Unknown art colour: ${String(spec.color)}`);
  if (!isAngle(spec.angle)) throw new RangeError(`Art angle must be an integer 0..${ART_ANGLES - 1}`);

  const id = `a${ART_CATEGORIES.indexOf(spec.category)}${ART_COLORS.indexOf(c)}${spec.angle}`;
  const metal = `url(#${id}m)`;
  const part = DRAW[spec.category]({ c, metal });
  const label = spec.kind?.trim() ? spec.kind.trim().slice(0, 120) : ART_CATEGORY_LABELS[spec.category];
  const title = escapeXml(`${label} — ${c.label}, ${ART_ANGLE_LABELS[spec.angle] ?? ''}`);

  let defs =
    `<linearGradient id="${id}m" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#f4f5f7"/><stop offset=".55" stop-color="#c6cbd2"/><stop offset="1" stop-color="#8e959f"/></linearGradient>`;
  let bg = rect(0, 0, 600, 600, 0, c.background);
  let body = '';
  const shadow = (cx: Num, cy: Num, rx: Num): string => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="16" fill="${INK}" opacity=".1"/>`;

  switch (spec.angle) {
    case 0:
      bg += circ(300, 300, 236, '#fff', op(0.7)) + circ(300, 300, 236, 'none', ` stroke="${AMBER}" stroke-opacity=".35" stroke-width="3" stroke-dasharray="2 14" stroke-linecap="round"`);
      body = shadow(300, 486, 150) + `<g transform="translate(300 296) scale(.86) translate(-300 -300)">${part}</g>`;
      break;
    case 1:
      bg += rect(120, 120, 360, 360, 64, c.primary, ` opacity=".13" transform="rotate(45 300 300)"`);
      bg += rect(156, 156, 288, 288, 48, '#fff', ` opacity=".6" transform="rotate(45 300 300)"`);
      body = shadow(310, 514, 130) + `<g transform="translate(306 300) rotate(-14) scale(.7 .84) translate(-300 -300)">${part}</g>`;
      break;
    case 2:
      defs += `<pattern id="${id}p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">${rect(0, 0, 10, 28, 0, c.primary, op(0.09))}</pattern>`;
      bg += rect(0, 0, 600, 600, 0, `url(#${id}p)`) + rect(0, 452, 600, 148, 0, '#fff', op(0.6)) + rect(0, 452, 600, 4, 0, AMBER, op(0.7));
      body = shadow(300, 484, 140) + `<g transform="translate(300 300) rotate(16) scale(-.8 .8) translate(-300 -300)">${part}</g>`;
      break;
    case 3: {
      const [fx, fy] = FOCUS[spec.category];
      defs += `<pattern id="${id}p" width="22" height="22" patternUnits="userSpaceOnUse">${circ(11, 11, 2.2, INK, op(0.12))}</pattern>`;
      bg += rect(0, 0, 600, 600, 0, `url(#${id}p)`) + circ(300, 300, 250, '#fff', op(0.55));
      body = `<g transform="translate(300 300) scale(1.6) translate(${-fx} ${-fy})">${part}</g>`;
      // Viewfinder corners.
      body += stroke('M52 112V52H112M488 52H548V112M548 488V548H488M112 548H52V488', AMBER, 6);
      break;
    }
    default: {
      bg += circ(280, 300, 250, '#fff', op(0.6));
      body = shadow(290, 478, 220);
      // Packaging: near-black box with the brand's amber band and a swatch of the product colour.
      body += path('M84 200L134 162H334L284 200Z', '#3a3d44') + path('M284 200L334 162V430L284 468Z', DARK);
      body += rect(84, 200, 200, 268, 0, INK);
      body += rect(84, 246, 200, 30, 0, AMBER) + path('M284 246L334 208V238L284 276Z', '#c98a12');
      body += rect(102, 418, 52, 32, 8, c.primary) + circ(184, 346, 34, 'none', ` stroke="#fff" stroke-opacity=".35" stroke-width="6"`);
      body += rect(102, 214, 76, 9, 4.5, '#fff', op(0.35));
      body += `<g transform="translate(406 344) scale(.62) translate(-300 -300)">${part}</g>`;
      break;
    }
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img">` +
    `<title>${title}</title><defs>${defs}</defs>${bg}${body}` +
    // Brand mark: a short amber bar and an ink dot in the corner.
    `${rect(24, 24, 40, 8, 4, AMBER)}${circ(76, 28, 4, INK)}</svg>`
  );
}
