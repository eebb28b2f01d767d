// Starting a server and measuring one target with autocannon (bench/run.ts).
import os from 'node:os';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import type { Result as AutocannonResult } from 'autocannon';
import { ROOT, opts, serveCommand } from './options.ts';
import { childEnv, freePort, startChild, waitReady } from './children.ts';
import { percentile, postgresCpuSeconds, procCpuSeconds, rawRequest, round, rssMb, sleep } from './helpers.ts';
import { requestFor } from './targets.ts';
import type { RunContext, Target } from './targets.ts';

/** Starts the built app in `appDir` (this checkout, or --compare's) as `npm start` starts it, and waits for /readyz. */
export async function startServer(kind: 'postgres' | 'pglite', env: Record<string, string>, database: string = kind, appDir: string = ROOT) {
  const port = await freePort();
  // The same Node flags and environment as that app's `npm start` (its package.json "serve").
  const serve = serveCommand(appDir);
  const argv = [...serve.nodeFlags, 'server/main.js'];
  const child = startChild(`server ${database}`, process.execPath, argv, childEnv({
    ...serve.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_ON_START: 'false',
    // The load generator is one client placing thousands of orders: lift the per-IP and per-e-mail limits.
    ORDER_LIMIT_PER_IP: '1000000',
    ORDER_LIMIT_PER_EMAIL: '1000000',
    ...env,
  }), { cwd: appDir });
  const readyMs = await waitReady(child, `http://127.0.0.1:${port}/readyz`);
  console.log(`• ${database} server ready on :${port} in ${(readyMs / 1000).toFixed(1)} s`);
  return { child, port, base: `http://127.0.0.1:${port}`, readyMs };
}

export interface Sample {
  status: number;
  contentEncoding: string | null;
  wireBytes: number;
  total: number | null;
}

/** One request per target as a browser would send it: status, compression, size, result count. */
export async function sampleTargets(base: string, targets: Target[], ctx: RunContext): Promise<Record<string, Sample>> {
  const out: Record<string, Sample> = {};
  for (const t of targets) {
    const r = requestFor(t, base, ctx);
    const res = await rawRequest(base + t.path, r.method, r.headers, r.body);
    let count: string | number | undefined = res.headers['x-total-count'] as string | undefined;
    if (count === undefined && t.kind === 'html') {
      const enc = res.headers['content-encoding'];
      const html = (enc === 'gzip' ? zlib.gunzipSync(res.body) : enc === 'br' ? zlib.brotliDecompressSync(res.body) : res.body).toString();
      const m = /([\d.]+) resultados?/.exec(html);
      if (m) count = m[1]!.replace(/\./g, '');
    }
    out[t.id] = {
      status: res.status,
      contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null,
      wireBytes: res.body.length,
      total: count === undefined ? null : Number(count),
    };
    if (res.status !== 200 && res.status !== 201) throw new Error(`${t.path} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  }
  return out;
}

/**
 * autocannon stops sending when its time is up, but the server still works through the requests in
 * flight (and PostgreSQL through their queries). Wait until the server process and PostgreSQL are idle
 * (< 10 % of a core over 300 ms, at most 60 s) so one measurement's backlog does not land in the next.
 */
export async function settle(serverPid: number | undefined, watchPg: boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const s0 = serverPid ? procCpuSeconds(serverPid) : null;
    const p0 = watchPg ? postgresCpuSeconds() : null;
    await sleep(300);
    const s1 = serverPid ? procCpuSeconds(serverPid) : null;
    const p1 = watchPg ? postgresCpuSeconds() : null;
    const busy = (a: number | null, b: number | null) => a !== null && b !== null && (b - a) / 0.3 > 0.1;
    if (!busy(s0, s1) && !busy(p0, p1)) break;
  }
  return Date.now() - started;
}

export interface Row {
  target: string;
  label: string;
  database: string;
  url: string;
  connections: number;
  durationSeconds: number;
  rps: number;
  rpsFromTotal: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  autocannonHdr: { p50: number; p90: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  cpu: { serverPercent: number | null; postgresPercent: number | null; benchPercent: number; serverMsPerRequest: number | null; postgresMsPerRequest: number | null };
  /** 1-minute load average when the measurement started: the machine is shared, this shows the noise. */
  loadAverage1m: number;
  ratioToBaseline?: number;
  /** Issue 16: requests/s over the bare server answering the home page's bytes. */
  ratioToPageBaseline?: number;
  sample?: Sample;
  /** Server RSS: highest of the 250 ms samples during the measurement, and right after it (MB). */
  rss?: { peakMb: number | null; endMb: number | null };
}

export async function measure(
  t: Pick<Target, 'id' | 'label' | 'path' | 'kind' | 'post' | 'connections' | 'paths'>,
  database: string,
  base: string,
  serverPid: number | undefined,
  ctx: RunContext = { pool: [] },
): Promise<Row> {
  const url = base + t.path;
  const connections = t.connections ?? opts.connections;
  const first = requestFor(t as Target, base, ctx);
  // A POST with a fresh body per request (orders) builds it in autocannon's setupRequest.
  let turn = 0;
  const request = t.post?.perRequest
    ? { requests: [{ method: 'POST' as const, path: t.path, headers: first.headers, setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify(t.post!.body(ctx)) }) }] }
    : t.paths
      ? { requests: [{ method: 'GET' as const, path: t.path, headers: first.headers, setupRequest: (req: Record<string, unknown>) => ({ ...req, path: t.paths![turn++ % t.paths!.length] }) }] }
      : { method: first.method, headers: first.headers, ...(first.body ? { body: first.body } : {}) };
  process.stdout.write(`  ${database.padEnd(8)} ${t.label.padEnd(34)} `);
  const watchPg = database === 'postgres' || database.startsWith('postgres@') || database === opts.label;
  await settle(serverPid, watchPg);
  if (opts.warmup > 0) {
    await autocannon({ url, connections, duration: opts.warmup, timeout: 10, ...request });
    await settle(serverPid, watchPg);
  }

  const latencies: number[] = [];
  const loadAverage1m = round(os.loadavg()[0]!, 2);
  const cpuServer0 = serverPid ? procCpuSeconds(serverPid) : null;
  const cpuPg0 = watchPg ? postgresCpuSeconds() : null;
  const cpuSelf0 = process.cpuUsage();
  let rssPeak: number | null = null;
  const rssTimer = setInterval(() => {
    const mb = rssMb(serverPid);
    if (mb !== null) rssPeak = Math.max(rssPeak ?? 0, mb);
  }, 250);
  const wall0 = performance.now();
  const instance = autocannon({ url, connections, duration: opts.duration, timeout: 10, title: t.id, ...request });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const r: AutocannonResult = await instance;
  clearInterval(rssTimer);
  const rssEnd = rssMb(serverPid);
  const wall = (performance.now() - wall0) / 1000;
  const cpuSelf = process.cpuUsage(cpuSelf0);
  const cpuServer1 = serverPid ? procCpuSeconds(serverPid) : null;
  const cpuPg1 = watchPg ? postgresCpuSeconds() : null;

  const sorted = Float64Array.from(latencies).sort();
  const completed = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count]));
  const row: Row = {
    target: t.id,
    label: t.label,
    database,
    url: t.path,
    connections,
    durationSeconds: r.duration,
    rps: round(r.requests.average, 1),
    rpsFromTotal: round(completed / r.duration, 1),
    requests: completed,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.length ? sorted[sorted.length - 1]! : Number.NaN),
    mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    autocannonHdr: { p50: r.latency.p50!, p90: r.latency.p90!, p97_5: r.latency.p97_5!, p99: r.latency.p99! },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes,
    bytesPerResponse: Math.round(r.throughput.total! / Math.max(1, r['2xx'])),
    cpu: {
      serverPercent: cpuServer0 !== null && cpuServer1 !== null ? round(((cpuServer1 - cpuServer0) / wall) * 100, 0) : null,
      // Backends that exit during the measurement take their CPU time with them: a drop reads as unknown.
      postgresPercent: cpuPg0 !== null && cpuPg1 !== null && cpuPg1 >= cpuPg0 ? round(((cpuPg1 - cpuPg0) / wall) * 100, 0) : null,
      benchPercent: round(((cpuSelf.user + cpuSelf.system) / 1e6 / wall) * 100, 0),
      // CPU milliseconds one answered request cost the server process and PostgreSQL.
      serverMsPerRequest: cpuServer0 !== null && cpuServer1 !== null && completed > 0 ? round(((cpuServer1 - cpuServer0) * 1000) / completed, 2) : null,
      postgresMsPerRequest: cpuPg0 !== null && cpuPg1 !== null && cpuPg1 >= cpuPg0 && completed > 0 ? round(((cpuPg1 - cpuPg0) * 1000) / completed, 2) : null,
    },
    loadAverage1m,
    rss: { peakMb: rssPeak === null ? rssEnd : Math.max(rssPeak, rssEnd ?? 0), endMb: rssEnd },
  };
  console.log(
    `${String(row.rps).padStart(8)} req/s  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms` +
      (row.errors + row.non2xx > 0 ? `  errors ${row.errors} (timeouts ${row.timeouts}) non-2xx ${row.non2xx}` : ''),
  );
  return row;
}

export interface ServerMemory {
  database: string;
  /** After start-up and one request per target, before any load. */
  idleMb: number | null;
  /** Highest 250 ms sample during any measurement. */
  peakUnderLoadMb: number | null;
  /** Right after the last measurement. */
  endOfLoadMb: number | null;
}
