import nodemailer from 'nodemailer';
import type { MailRepository } from './mail.repository.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/**
 * With SMTP_URL set, mail goes through nodemailer (and is kept in the outbox as a
 * record); without it the outbox is the destination, readable at /dev/mail, so
 * flows such as password reset work end to end on the embedded default.
 */
export class MailService {
  private readonly transport;
  constructor(
    private readonly repository: MailRepository,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async send(message: MailMessage): Promise<void> {
    const id = await this.repository.insert({
      to_address: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html,
      transport: this.transport ? 'smtp' : 'outbox',
      sent_at: null,
      error: null,
    });
    if (!this.transport) return;
    try {
      await this.transport.sendMail({ from: this.from, ...message });
      await this.repository.markSent(id, null);
    } catch (error) {
      // The caller's flow (e.g. a reset request) must not fail or reveal anything
      // because the relay is down; the row keeps the error for operators.
      this.log('mail delivery failed', error);
      await this.repository.markSent(id, (error as Error).message.slice(0, 500));
    }
  }

  list(to: string | undefined, limit = 50) {
    return this.repository.list(to, limit);
  }
}
