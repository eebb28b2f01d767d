import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.server.ts';

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-mail-'));
    const mailer = createMailer({ from: 'Loja <loja@example.com>', mailDir: dir });
    const sent = await mailer.send({ to: 'cliente@example.com', subject: 'Pedido #12345678 confirmado', text: 'Obrigado pela compra!' });
    const eml = fs.readFileSync(sent.file!, 'utf8');
    expect(eml).toMatch(/^To: cliente@example.com$/m);
    expect(eml).toMatch(/Subject: Pedido #12345678 confirmado/);
    expect(eml).toContain('Obrigado pela compra!');
    fs.rmSync(dir, { recursive: true });
  });
});

describe('mailer with an idempotency key', () => {
  it('keeps one message per key: a second send writes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-mail-'));
    const mailer = createMailer({ from: 'Loja <loja@example.com>', mailDir: dir });
    const message = { to: 'cliente@example.com', subject: 'Pedido #12345678 pago', text: 'Pagamento aprovado.', idempotencyKey: 'pedido-12345678-paid' };
    const first = await mailer.send(message);
    const second = await mailer.send(message);
    expect(first.duplicate).toBeUndefined();
    expect(second.duplicate).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['pedido-12345678-paid.eml']);
    expect(fs.readFileSync(first.file!, 'utf8')).toMatch(/^Message-ID: <pedido-12345678-paid@olimpopecas.com.br>$/m);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('mailer files', () => {
  it('are never seen empty or half-written: a message appears under its name whole', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-mail-'));
    const mailer = createMailer({ from: 'Loja <loja@example.com>', mailDir: dir });
    await mailer.send({ to: 'cliente@example.com', subject: 'aquece', text: 'a pasta existe' });
    // Whoever reads the folder (a person, a test waiting for a message) reads each file the moment it appears.
    const seen: number[] = [];
    const watcher = fs.watch(dir, (_event, name) => {
      if (!name?.endsWith('.eml')) return;
      try {
        seen.push(fs.statSync(path.join(dir, name)).size);
      } catch {
        // Gone already: not a partial read.
      }
    });
    const text = 'Pagamento aprovado. '.repeat(200_000); // 4 MB: written in several chunks
    const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => mailer.send({ to: 'cliente@example.com', subject: `Pedido ${i}`, text, ...(i % 2 ? { idempotencyKey: `pedido-${i}` } : {}) })));
    await new Promise((resolve) => setTimeout(resolve, 200));
    watcher.close();
    const sizes = new Set(sent.map((s) => fs.statSync(s.file!).size));
    expect(seen.length).toBeGreaterThan(0);
    for (const size of seen) expect([...sizes].some((full) => Math.abs(full - size) < 100)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => !f.endsWith('.eml'))).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('mailer over SMTP (a local SMTP server)', () => {
  it('delivers the message to the server, with the idempotency key as its Message-ID', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Olimpo Peças <nao-responda@olimpopecas.com.br>', mailDir: '/nao/usado' });
      const sent = await mailer.send({
        to: 'cliente@example.com',
        subject: 'Pedido #12345678 recebido',
        text: 'Obrigado pela compra!',
        html: '<p>Obrigado pela compra!</p>',
        idempotencyKey: 'pedido-12345678-confirmation',
      });
      expect(sent.id).toBe('<pedido-12345678-confirmation@olimpopecas.com.br>');
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('nao-responda@olimpopecas.com.br');
      expect(received[0]!.to).toEqual(['cliente@example.com']);
      expect(received[0]!.data).toMatch(/^Message-ID: <pedido-12345678-confirmation@olimpopecas\.com\.br>\r$/m);
      expect(received[0]!.data).toMatch(/^Subject: Pedido #12345678 recebido\r$/m);
      expect(received[0]!.data).toContain('Obrigado pela compra!');
      // A resend after a crash carries the same Message-ID, which lets the receiver drop it.
      await mailer.send({ to: 'cliente@example.com', subject: 'Pedido #12345678 recebido', text: 'Obrigado pela compra!', idempotencyKey: 'pedido-12345678-confirmation' });
      expect(received[1]!.data).toMatch(/^Message-ID: <pedido-12345678-confirmation@olimpopecas\.com\.br>\r$/m);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
