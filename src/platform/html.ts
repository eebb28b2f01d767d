// Text or an attribute value written into HTML by hand (e-mails, the plain error pages, a product grid's cards):
// the five characters React escapes, replaced the way React replaces them, so a string built here and the same
// text rendered by React are the same bytes.
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}
