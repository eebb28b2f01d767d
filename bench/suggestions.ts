// npm run bench:suggestions: the search box's suggestions' server time on the demo catalog (the issue's
// target: ≤ 50 ms). The real Hono app answers GET /api/search/suggestions in process for prefixes shoppers type
// letter by letter, each with the catalog memo cleared first (so every answer is a new prefix's), three rounds;
// prints the median and p90. On PGlite by default; DATABASE_URL (an empty database of its own) for PostgreSQL.
// A measurement, not a test: the machine's load moves it, so it never runs in `npm test`.
import { openDatabase } from '../src/db/client.server.ts';
import { seedDemoData } from '../src/db/seed.server.ts';
import { createTestApp } from '../tests/support/app.ts';

const PREFIXES = ['ve', 'vel', 'vela', 'far', 'farol', 'pas', 'pastilha', 'pastilha de fre', 'amortecdor', 'filt', 'oleo', 'bos', 'ngk', 'gol', 'onix 2015', 'lamp', 'mag710', 'mag-7103', 'bateria 60', 'correia'];
const TARGET_MS = 50;

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' });
await database.migrate();
await seedDemoData(database.db);
const t = createTestApp(database);
const ask = async (q: string) => {
  const res = await t.request('GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`);
  if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
  await res.arrayBuffer();
};
for (const q of PREFIXES) await ask(q); // warm: prepared statements, the fleet, the lexicon's pages
const times: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const q of PREFIXES) {
    t.services.searchCache.clear();
    const start = performance.now();
    await ask(q);
    times.push(performance.now() - start);
  }
}
await database.close();
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const p90 = times[Math.floor(times.length * 0.9)]!;
console.log(`sugestões (${database.kind}): mediana ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms em ${times.length} respostas sem cache (meta ≤ ${TARGET_MS} ms)`);
process.exit(median <= TARGET_MS ? 0 : 1);
