// The account mail outbox (password resets), as the leads outbox: the mail row is committed with the reset token,
// then a worker sends it by SMTP (nodemailer) and retries with backoff and jitter. SMTP_URL configures the server; without it
// mails are written to the log (development), so the reset link is still reachable.
import nodemailer, { type Transporter } from 'nodemailer';
import { PollingWorker } from '../infra/polling-worker';
import { retryDelayMs } from '../infra/backoff';
import type { AccountStore, DueMail } from './store';

export interface MailWorkerOptions {
  transport?: Transporter;
  from?: string;
  pollMs?: number;
  maxAttempts?: number;
  backoffSeconds?: number;
  leaseMs?: number;
  now?: () => number;
  log?: (message: string) => void;
  /** A keyed mail (alert mail) the receiving server refused for good (SMTP 5xx): it is not retried, and this is told. */
  onBounce?: (mail: DueMail, error: string) => Promise<void>;
}

/** A permanent refusal by the receiving server (RFC 5321 5yz), as nodemailer reports it. */
const permanentFailure = (e: unknown) => {
  const code = Number((e as { responseCode?: unknown }).responseCode);
  return code >= 500 && code < 600;
};

export function transportFromEnv(env: { smtpUrl?: string }, log: (m: string) => void): Transporter {
  if (env.smtpUrl) return nodemailer.createTransport(env.smtpUrl);
  log('account mail: SMTP_URL is not set; mails are written to the log instead of being sent');
  return nodemailer.createTransport({ jsonTransport: true });
}

export class MailWorker extends PollingWorker {
  private readonly o: Required<Omit<MailWorkerOptions, 'transport' | 'onBounce'>> & Pick<MailWorkerOptions, 'onBounce'> & { transport: Transporter };

  /** Any outbox that can claim due mail and record attempts (shopper accounts, editor staff). */
  constructor(
    private store: Pick<AccountStore, 'claimDueMail' | 'recordMailAttempt'>,
    options: MailWorkerOptions = {},
  ) {
    const log = options.log ?? ((m: string) => console.error(m));
    const pollMs = options.pollMs ?? 2000;
    super(pollMs, (m) => log(`account mail: ${m}`));
    this.o = {
      transport: options.transport ?? nodemailer.createTransport({ jsonTransport: true }),
      from: options.from ?? 'no-reply@dealer-sites.local',
      pollMs,
      maxAttempts: options.maxAttempts ?? 10,
      backoffSeconds: options.backoffSeconds ?? 5,
      leaseMs: options.leaseMs ?? 60_000,
      now: options.now ?? Date.now,
      log,
      onBounce: options.onBounce,
    };
  }

  protected round() {
    return this.runOnce();
  }

  /** Sends every mail due now; returns how many were attempted. */
  async runOnce(): Promise<number> {
    const due = await this.store.claimDueMail(this.o.now(), 20, this.o.leaseMs);
    for (const mail of due) await this.send(mail);
    return due.length;
  }

  private async send(mail: DueMail) {
    try {
      const info = await this.o.transport.sendMail({
        from: mail.headers?.From ?? this.o.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        // A keyed mail's own Message-ID (the same on every attempt), else nodemailer makes one.
        ...(mail.headers?.['Message-ID'] ? { messageId: mail.headers['Message-ID'] } : {}),
        ...(mail.headers ? { headers: Object.fromEntries(Object.entries(mail.headers).filter(([k]) => k !== 'From' && k !== 'Message-ID')) } : {}),
      });
      if ((this.o.transport.options as { jsonTransport?: boolean }).jsonTransport)
        this.o.log(`account mail (not sent, no SMTP_URL): ${String((info as { message?: unknown }).message)}`);
      await this.store.recordMailAttempt(mail.id, { status: 'sent', at: this.o.now() });
    } catch (e) {
      const attempts = mail.attempts + 1;
      const error = String((e as Error).message ?? e).slice(0, 500);
      if (mail.idempotencyKey && permanentFailure(e)) {
        this.o.log(`account mail ${mail.id} (${mail.tenant}) refused for good: ${error}`);
        await this.store.recordMailAttempt(mail.id, { status: 'failed', error, at: this.o.now() });
        await this.o.onBounce?.(mail, error);
      } else if (attempts >= this.o.maxAttempts) {
        this.o.log(`account mail ${mail.id} (${mail.tenant}) failed after ${attempts} attempts: ${error}`);
        await this.store.recordMailAttempt(mail.id, { status: 'failed', error, at: this.o.now() });
      } else {
        const wait = retryDelayMs(attempts, this.o.backoffSeconds);
        await this.store.recordMailAttempt(mail.id, { status: 'pending', error, at: this.o.now(), nextAttemptAt: this.o.now() + wait });
      }
    }
  }
}
