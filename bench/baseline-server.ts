// The benchmark's baseline: a bare Node `http` server that answers every request with the same bytes the
// search API returned (BODY_FILE), as application/json, no framework, no database, no compression.
// Run by bench/run.ts in a child process: PORT=3201 BODY_FILE=/tmp/body.json node bench/baseline-server.ts
// The page baseline (issue 16) is the same server answering the home page gzipped once:
// CONTENT_TYPE='text/html; charset=utf-8' CONTENT_ENCODING=gzip BODY_FILE=/tmp/page.html.gz.
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT);
const bodyFile = process.env.BODY_FILE;
if (!Number.isInteger(port) || !bodyFile) {
  console.error('usage: PORT=<port> BODY_FILE=<file> node bench/baseline-server.ts');
  process.exit(1);
}
const body = fs.readFileSync(bodyFile);
const headers: Record<string, string> = { 'Content-Type': process.env.CONTENT_TYPE ?? 'application/json', 'Content-Length': String(body.length) };
if (process.env.CONTENT_ENCODING) headers['Content-Encoding'] = process.env.CONTENT_ENCODING;

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`baseline ready on ${port} (${body.length} bytes)`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
