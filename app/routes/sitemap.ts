import { productIndex } from '#src/domain/catalog/products.server.ts';
import { CATEGORIES } from '#src/domain/catalog/taxonomy.ts';
import { CONTENT_PAGES } from '../content/pages.ts';
import { publicUrl } from '../lib/site.server.ts';
import { dbOf } from '../lib/context.server.ts';
import type { Route } from './+types/sitemap';

/** One sitemap file holds at most 50,000 URLs. */
const MAX_PRODUCTS = 49_000;

export async function loader({ context }: Route.LoaderArgs) {
  const origin = publicUrl();
  const products = await productIndex(dbOf(context), MAX_PRODUCTS);
  const urls = [`${origin}/`, `${origin}/ProductList`, ...CATEGORIES.map((c) => `${origin}/ProductList?categoria=${c.slug}`), ...CONTENT_PAGES.map((p) => `${origin}${p.path}`)].map(
    (loc) => `<url><loc>${loc.replace(/&/g, '&amp;')}</loc></url>`,
  );
  for (const p of products) {
    urls.push(`<url><loc>${origin}/ProductView/${p.id}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
