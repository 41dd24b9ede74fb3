import { buildApp } from './app.js';
import path from 'node:path';
import { configFromEnv } from './config.js';
import { DataDirLocked } from './db/dataDirLock.js';
import { startMailCatcher, type MailCatcher } from './mail/mailCatcher.js';
import { warnWithoutPrintMalloc } from './print/printMalloc.js';

/** Starts the server on its embedded defaults; stops gracefully so nothing is left half-written. */
warnWithoutPrintMalloc();
const config = configFromEnv();
// Without SMTP_URL (development, a first try) mails go to a local SMTP server that keeps them as
// .eml files under DATA_DIR/mail: the same nodemailer path as in production, and nothing leaves the machine.
let mailCatcher: MailCatcher | null = null;
if (!config.smtpUrl) {
  const dir = path.join(config.dataDir, 'mail');
  mailCatcher = await startMailCatcher({
    dir,
    onMail: (mail, file) => console.info(`[mail] to ${mail.to.join(', ')} kept in ${file}`),
  });
  config.smtpUrl = mailCatcher.url;
  console.warn(`[mail] SMTP_URL is not set: mails are kept in ${dir} instead of being sent`);
}
const app = await buildApp(config).catch((error: unknown) => {
  // A folder in use is the operator's to sort out: one clear line, no stack.
  if (error instanceof DataDirLocked) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
app.addHook('onClose', async () => mailCatcher?.close());

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
