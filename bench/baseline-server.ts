// The benchmark's baseline: a bare Node `http` server that answers every request with the same bytes the
// search API returned (BODY_FILE), as application/json, no framework, no database, no compression.
// Run by bench/run.ts in a child process: PORT=3201 BODY_FILE=/tmp/body.json node bench/baseline-server.ts
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT);
const bodyFile = process.env.BODY_FILE;
if (!Number.isInteger(port) || !bodyFile) {
  console.error('usage: PORT=<port> BODY_FILE=<file> node bench/baseline-server.ts');
  process.exit(1);
}
const body = fs.readFileSync(bodyFile);
const headers = { 'Content-Type': 'application/json', 'Content-Length': String(body.length) };

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
