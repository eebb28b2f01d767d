// Runs shell commands at the same time (`npm test` pairs steps that each keep one core busy: tsc beside the lint,
// the assistant's evaluation beside the production build). Each command's output is printed whole when it ends,
// so the logs do not interleave; the exit code is 1 when any command failed, after all of them have ended.
// Plain JavaScript, like with-node24.mjs.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('uso: node scripts/parallel.mjs "<comando>" "<comando>" …');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`\n── ${command} (${seconds} s, ${signal ?? `código ${code}`}) ──\n`);
          process.stdout.write(Buffer.concat(chunks));
          resolve(code === 0);
        });
      }),
  ),
);
const failed = commands.filter((_, i) => !results[i]);
if (failed.length) {
  console.error(`\nfalhou: ${failed.join(', ')}`);
  process.exit(1);
}
