import fs from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  /** The message as it came over SMTP (headers and body, RFC 5322). */
  raw: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Resolves with the next mail (or the first one already caught after `after` mails). */
  nextMail(after?: number, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Each mail is also written here as <time>-<n>.eml. */
  dir?: string;
  onMail?(mail: CaughtMail, file: string | null): void;
}

/**
 * A local SMTP server that keeps every mail instead of delivering it: the development server sends
 * through it when no SMTP_URL is set, and the tests read the mails they caused from it. Loopback
 * only, no authentication, no TLS: it never faces the network.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  if (options.dir) await fs.mkdir(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Fotocollage mail catcher',
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        void keep(mail).then(() => callback(), callback);
      });
    },
  });
  const keep = async (mail: CaughtMail) => {
    let file: string | null = null;
    if (options.dir) {
      file = path.join(
        options.dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mails.length + 1}.eml`,
      );
      await fs.writeFile(file, mail.raw);
    }
    mails.push(mail);
    options.onMail?.(mail, file);
    waiters.splice(0).forEach((wake) => wake());
  };
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('mail catcher has no port');
  return {
    url: `smtp://${host}:${address.port}`,
    port: address.port,
    mails,
    async nextMail(after = mails.length, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length <= after) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return mails[after]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
