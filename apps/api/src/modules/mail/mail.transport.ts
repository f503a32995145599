// STUB — replaced by the mail helper.
export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<void>;
}
export function createSmtpTransport(_url: string): MailTransport {
  return { async send() {} };
}
