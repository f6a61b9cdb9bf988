// Delivery of stored leads to each dealership's CRM (the outbox). A worker claims due deliveries, POSTs each lead
// (JSON or ADF XML), and records the outcome: delivered on a 2xx answer, otherwise another attempt later with
// exponential backoff with jitter, until maxAttempts. Claims are leases, so after a crash the deliveries are simply claimed again:
// at least once, and the lead_id travels with every delivery (Idempotency-Key header, payload, ADF id) for de-duplication.
import type { LeadStore, DueDelivery } from './store';
import { PollingWorker } from '../infra/polling-worker';
import { retryDelayMs } from '../infra/backoff';
import { leadToAdf } from './adf';
import { pinnedCrmPost, type CrmPost, type CrmPostResult } from '../net/crm-target';
import { leadEmail, smtpLeadMailer, type EmailEndpoint, type LeadMailer } from './email';

export interface CrmEndpoint {
  kind?: 'http';
  url: string;
  format: 'json' | 'adf';
  authorization?: string;
  timeoutSeconds: number;
  maxAttempts: number;
  backoffSeconds: number;
  dealershipName?: string;
  /** The dealership's phone and email, for ADF's vendor <contact>. */
  dealershipPhone?: string;
  dealershipEmail?: string;
}

/** The endpoint of a dealership now (settings are read at send time, so a fixed URL applies to waiting leads). */
export type EndpointLookup = (tenant: string, dealershipId: number | null) => CrmEndpoint | EmailEndpoint | 'none' | 'unknown-tenant';

export interface DeliveryWorkerOptions {
  pollMs?: number;
  batch?: number;
  /** How long a claimed delivery stays reserved for this worker; after a crash it is sent again once this passes.
   *  Must exceed the longest endpoint timeout. */
  leaseMs?: number;
  /** How a lead is POSTed; by default over a connection pinned to an address checked as public (crm-target.ts). */
  post?: CrmPost;
  /** How a lead is emailed (dealerships without a CRM endpoint); by default nodemailer to the checked SMTP host. */
  mailer?: LeadMailer;
  now?: () => number;
  /** The jitter of the retry wait (Math.random by default). */
  random?: () => number;
  log?: (message: string) => void;
}

export class DeliveryWorker extends PollingWorker {
  private readonly batch: number;
  private readonly leaseMs: number;
  private readonly post: CrmPost;
  private readonly mailer: LeadMailer;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly log: (message: string) => void;

  constructor(
    private store: LeadStore,
    private lookup: EndpointLookup,
    options: DeliveryWorkerOptions = {},
  ) {
    const log = options.log ?? ((m: string) => console.error(m));
    super(options.pollMs ?? 1000, (m) => log(`lead delivery: ${m}`));
    this.batch = options.batch ?? 20;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.post = options.post ?? pinnedCrmPost();
    this.mailer = options.mailer ?? smtpLeadMailer();
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.log = log;
  }

  protected round() {
    return this.drain();
  }

  /** Sends every due delivery; returns how many were attempted. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runOnce();
      total += n;
      if (n < this.batch || this.stopped) return total;
    }
  }

  async runOnce(): Promise<number> {
    const due = await this.store.claimDue(this.now(), this.batch, this.leaseMs);
    await Promise.all(due.map((d) => this.deliver(d)));
    return due.length;
  }

  private async deliver(d: DueDelivery) {
    const endpoint = this.lookup(d.tenant, d.dealershipId);
    const at = this.now();
    if (endpoint === 'none') {
      await this.store.recordAttempt(d.id, { status: 'no_endpoint', at, countAttempt: false, error: 'no CRM endpoint configured for this dealership' });
      return;
    }
    if (endpoint === 'unknown-tenant') {
      // The site's document is missing or invalid right now: keep the lead and look again later.
      await this.store.recordAttempt(d.id, { status: 'pending', at, countAttempt: false, error: 'site not loaded', nextAttemptAt: at + 60_000 });
      return;
    }
    let error: string;
    try {
      if (endpoint.kind === 'email') {
        await this.mailer(endpoint, leadEmail(d.payload, endpoint, d.leadId));
        await this.store.recordAttempt(d.id, { status: 'delivered', at: this.now() });
        return;
      }
      const res = await this.send(d, endpoint);
      if (res.ok) {
        await this.store.recordAttempt(d.id, { status: 'delivered', at: this.now() });
        return;
      }
      error = `HTTP ${res.status}`;
    } catch (e) {
      error = (e as Error).name === 'TimeoutError' ? `no answer within ${endpoint.timeoutSeconds} s` : String((e as Error).message ?? e);
      if (endpoint.kind === 'email') error = `email: ${error}`;
    }
    const attempts = d.attempts + 1;
    if (attempts >= endpoint.maxAttempts) {
      this.log(`lead ${d.leadId} (${d.tenant}): delivery failed after ${attempts} attempts: ${error}`);
      await this.store.recordAttempt(d.id, { status: 'failed', error, at: this.now() });
      return;
    }
    await this.store.recordAttempt(d.id, {
      status: 'pending',
      error,
      at: this.now(),
      nextAttemptAt: this.now() + retryDelayMs(attempts, endpoint.backoffSeconds, this.random),
    });
  }

  private send(d: DueDelivery, endpoint: CrmEndpoint): Promise<CrmPostResult> {
    const adf = endpoint.format === 'adf';
    const headers: Record<string, string> = {
      'content-type': adf ? 'application/xml; charset=utf-8' : 'application/json',
      'idempotency-key': d.leadId,
      'x-lead-id': d.leadId,
    };
    if (endpoint.authorization) headers.authorization = endpoint.authorization;
    const body = adf
      ? leadToAdf(d.payload, {
          createdAt: d.createdAt,
          dealershipName: endpoint.dealershipName,
          dealershipPhone: endpoint.dealershipPhone,
          dealershipEmail: endpoint.dealershipEmail,
        })
      : JSON.stringify(d.payload);
    return this.post(endpoint.url, { headers, body, timeoutMs: endpoint.timeoutSeconds * 1000 });
  }
}
