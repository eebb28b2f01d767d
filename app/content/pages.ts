// The institutional pages' content lives in the domain, where OlimpIA reads the same passages.
export { CONTENT_PAGES } from '#src/domain/content/pages.ts';
