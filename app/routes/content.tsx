import { data } from 'react-router';
import type { Route } from './+types/content';
import { CONTENT_PAGES } from '../content/pages.ts';
import { originFrom, seo } from '../lib/seo.ts';

export function loader({ url }: Route.LoaderArgs) {
  const page = CONTENT_PAGES.find((p) => p.path === url.pathname.toLowerCase());
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? seo({ title: loaderData.page.title, description: loaderData.page.description, url: `${originFrom(matches)}${loaderData.page.path}` }) : [];

export default function Content({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-extrabold">{page.title}</h1>
      {page.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="text-xl font-bold">{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-ink-soft">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
