// Outgoing e-mail for every domain (order confirmations, password resets). The embedded default writes
// each message as an .eml file under DATA_DIR/mail/; with SMTP_URL set it goes out through SMTP.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Makes the send idempotent: the same key is one message. The .eml folder keeps one file per key (a
   * second send writes nothing); over SMTP the key becomes the Message-ID, which receivers use to drop
   * a duplicate sent after a crash between sending and recording it.
   */
  idempotencyKey?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string; file?: string; duplicate?: boolean }>;
}

const safeKey = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);
const messageIdOf = (key: string | undefined) => (key ? `<${safeKey(key)}@olimpopecas.com.br>` : undefined);

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Folder for .eml files when there is no SMTP server. */
  mailDir: string;
}

export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send({ idempotencyKey, ...m }) {
        const info = await transport.sendMail({ from: opts.from, ...m, messageId: messageIdOf(idempotencyKey) });
        return { id: String(info.messageId) };
      },
    };
  }
  // CRLF line ends, as the message goes over SMTP and as .eml files are: converting them to Unix ones was
  // one more stream per message, about a third of nodemailer's CPU per e-mail (issue 16's bench runs, in git history).
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let folder: Promise<unknown> | null = null;
  return {
    async send({ idempotencyKey, ...m }) {
      const info = await transport.sendMail({ from: opts.from, ...m, messageId: messageIdOf(idempotencyKey) });
      // Made once per process; a failure is not remembered, so the next message tries again.
      await (folder ??= fs.mkdir(opts.mailDir, { recursive: true }).catch((err: unknown) => {
        folder = null;
        throw err;
      }));
      // A message appears under its .eml name only whole: it is written under a temporary name first, then
      // published by a hard link (fails when the name exists: the message was already sent) or a rename.
      // Written in place, a reader could find an empty or half-written file, and a crash between creating
      // and writing it left an empty file that made the retry report "already sent": the message was lost.
      const temp = path.join(opts.mailDir, `.${crypto.randomBytes(8).toString('hex')}.tmp`);
      await fs.writeFile(temp, info.message as Buffer, { flag: 'wx' });
      if (idempotencyKey) {
        const file = path.join(opts.mailDir, `${safeKey(idempotencyKey)}.eml`);
        try {
          await fs.link(temp, file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') return { id: String(info.messageId), file, duplicate: true };
          throw err;
        } finally {
          // unlink, not rm: rm looks the name up (lstat) before removing it, one more system call per message.
          await fs.unlink(temp).catch((err: NodeJS.ErrnoException) => {
            if (err.code !== 'ENOENT') throw err;
          });
        }
        return { id: String(info.messageId), file };
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.mailDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.rename(temp, file);
      return { id: String(info.messageId), file };
    },
  };
}
