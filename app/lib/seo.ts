// Page titles, descriptions, canonical URLs and Open Graph tags, built the same way on every page.
import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Olimpo Peças';

export function seo(opts: { title: string; description: string; url: string; image?: string; type?: string }): MetaDescriptor[] {
  const title = opts.title.includes(SITE_NAME) ? opts.title : `${opts.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: opts.description },
    { tagName: 'link', rel: 'canonical', href: opts.url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: opts.description },
    { property: 'og:url', content: opts.url },
  ];
  if (opts.image) tags.push({ property: 'og:image', content: opts.image });
  return tags;
}

/** The root loader's public origin, read by every route's meta function. */
export function originFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? '';
}
