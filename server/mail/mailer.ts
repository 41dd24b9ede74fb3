import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; the server's only way out to a mailbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Mail through SMTP with nodemailer: smtpUrl as nodemailer reads it (smtp://user:pass@host:587,
 * smtps://… for implicit TLS; STARTTLS is used whenever the server offers it).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close: () => transport.close(),
  };
}

/** Without an SMTP transport (API-only tests): sending fails loudly in the log, never silently. */
export const noMailer: Mailer = {
  send: () => Promise.reject(new Error('no SMTP transport configured (SMTP_URL)')),
  close: () => undefined,
};
