import { publicUrl } from '../lib/site.server.ts';

export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /Checkout\n\nSitemap: ${publicUrl()}/sitemap.xml\n`;
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
