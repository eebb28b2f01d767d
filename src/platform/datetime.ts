// Every date and time a person reads is in Brasília time (America/Sao_Paulo), on the server and in the
// browser alike, so server-rendered text and hydrated text are the same (no React #418) whatever the
// machine's or the visitor's time zone. Formatters are made on first use (page-load cost).
export const STORE_TIME_ZONE = 'America/Sao_Paulo';

type Input = Date | string | number;
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('pt-BR', { timeZone: STORE_TIME_ZONE, ...options });
    cache.set(key, f);
  }
  return f;
}
const toDate = (d: Input) => (d instanceof Date ? d : new Date(d));

/** 23/11/2026 */
export const formatDate = (d: Input) => formatter('date', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(toDate(d));
/** 14:03 */
export const formatTime = (d: Input) => formatter('time', { hour: '2-digit', minute: '2-digit' }).format(toDate(d));
/** 23/11/2026 14:03 */
export const formatDateTime = (d: Input) => `${formatDate(d)} ${formatTime(d)}`;
/** The calendar day in Brasília, as YYYY-MM-DD (for grouping by day and for due dates). */
export const brasiliaDay = (d: Input) => {
  const parts = formatter('iso', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(toDate(d));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
};
