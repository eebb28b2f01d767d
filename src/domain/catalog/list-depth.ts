// How deep a list goes, in a module of its own: the list page reads it in the browser, and query.ts (the
// query's zod schemas) would bring zod into every storefront page's bundle.

/**
 * How deep a list goes: its pages reach the first 10,000 results (page 417 at 24 a page), as large
 * marketplaces cap theirs; past that the shopper is asked to narrow it with the filters. A count that would
 * read more matches than this stops there ("mais de 10.000 resultados").
 */
export const MAX_LISTED_RESULTS = 10_000;
export const lastListedPage = (pageSize: number) => Math.max(1, Math.ceil(MAX_LISTED_RESULTS / pageSize));
