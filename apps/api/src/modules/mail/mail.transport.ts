import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  /** Resolves once the SMTP server accepted the message; rejects with its answer otherwise. */
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP over nodemailer. `url` is SMTP_URL: smtp://user:pass@host:port (STARTTLS when the server offers
 * it) or smtps://user:pass@host:465 (TLS from the first byte). Short timeouts, because a stuck server
 * should fail the job and let the queue retry rather than hold a worker for minutes.
 */
export function createSmtpTransport(url: string): MailTransport {
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transporter = nodemailer.createTransport(options);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}
