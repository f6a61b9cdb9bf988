// What the scenarios send while a fault lasts: shoppers browsing and sending leads, staff publishing, through the
// balancer; every answer is tallied by status, every acknowledged write kept to be looked for afterwards.
import { randomUUID } from 'node:crypto';
import { call, EDITOR_SITE, sleep, STAFF, type Answer, type Cluster } from './cluster';
import { cookieOf } from '../../test-support/cookies';
import { itemAt } from '../../test-support/at-least';

export class Tally {
  sent = 0;
  readonly byStatus = new Map<number, number>();
  readonly durations: number[] = [];
  /** Answers with a status of 500 or more (and 0: no answer), with what they said, for the report. */
  readonly examples: string[] = [];

  add(what: string, a: Answer) {
    this.sent++;
    this.byStatus.set(a.status, (this.byStatus.get(a.status) ?? 0) + 1);
    this.durations.push(a.ms);
    if ((a.status === 0 || a.status >= 500) && this.examples.length < 4) this.examples.push(`${what}: ${a.status} ${a.text.slice(0, 160)}`);
  }

  count(pred: (status: number) => boolean) {
    return [...this.byStatus].reduce((n, [s, c]) => n + (pred(s) ? c : 0), 0);
  }

  /** "200: 812, 503: 40" */
  statuses() {
    return [...this.byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([s, c]) => `${s || 'no answer'}: ${c}`)
      .join(', ');
  }

  errors() {
    const bad = [...this.byStatus].filter(([s]) => s === 0 || s >= 400).sort((a, b) => a[0] - b[0]);
    return bad.length ? bad.map(([s, c]) => `${s || 'no answer'}: ${c}`).join(', ') : 'none';
  }

  percentile(p: number) {
    const sorted = [...this.durations].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  }
}

/** What a scenario prints: its figures, and the pass criteria it asserted. */
export interface Report {
  n: number;
  name: string;
  tally: Tally;
  acknowledged: string;
  found: string;
  duplicates: string;
  recovery: string;
  criteria: { ok: boolean; what: string }[];
  notes?: string[];
  /** The machine cannot run it (no tmpfs): printed, counted neither way. */
  skipped?: string;
}

const PAGES = ['/', '/search', '/search?make=Toyota', '/contact'];

/** Shoppers reading pages through the balancer until `stop()`. */
export function browse(c: Cluster, tally: Tally, { workers = 4, path }: { workers?: number; path?: string[] } = {}) {
  let running = true;
  const paths = path ?? PAGES;
  const loops = Array.from({ length: workers }, async (_, w) => {
    let n = w;
    while (running) {
      const site = itemAt(c.leadSites, n % c.leadSites.length, 'the lead sites').slug;
      const p = itemAt(paths, n++ % paths.length, 'the pages');
      tally.add(`GET ${p}`, await call(c.nginx.port, 'GET', p, { host: `${site}.localhost:${c.nginx.port}` }));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

export interface LeadRecord {
  n: number;
  key: string;
  leadId?: string;
  /** When its 201 came (performance.now()). */
  ackedAt?: number;
  ids: Set<string>;
}

/**
 * Shoppers sending leads, each with its own idempotency key, retried with the same key while the answer says "try
 * again" (503, 502, 504, 429 or no answer), as the site's form does; a lead is acknowledged by its 201.
 */
export function sendLeads(c: Cluster, tally: Tally, label: string, { workers = 4, perWorkerPauseMs = 50 } = {}) {
  let running = true;
  let next = 0;
  const leads: LeadRecord[] = [];
  const one = async (r: LeadRecord, until: () => boolean) => {
    const site = itemAt(c.leadSites, r.n % c.leadSites.length, 'the lead sites');
    const values = {
      name: `Fault ${r.n}`,
      last_name: 'Shopper',
      email: `fault${r.n}@example.com`,
      phone: '0412 345 678',
      message: `${label} #${r.n}`,
      category: 'General Enquiry',
      postcode: '4000',
      terms_conditions: true,
      location: 'Brisbane',
      dealership_slug: itemAt(site.dealerships, r.n % site.dealerships.length, `${site.slug}'s dealerships`).slug,
    };
    const body = { form: 'enquiry', values, context: { url: `http://${site.slug}.localhost/contact`, visited_pages: ['/', '/contact'] } };
    const address = `10.${label.length}.${(r.n >> 8) & 255}.${r.n & 255}`;
    while (!r.leadId && until()) {
      const a = await call(c.nginx.port, 'POST', '/api/leads', {
        host: `${site.slug}.localhost:${c.nginx.port}`,
        body,
        headers: { 'idempotency-key': r.key, 'x-forwarded-for': address, origin: `http://${site.slug}.localhost:${c.nginx.port}` },
      });
      tally.add('POST /api/leads', a);
      if (a.status === 201) {
        r.leadId = a.json.lead_id;
        r.ackedAt = performance.now();
        r.ids.add(a.json.lead_id);
      } else if ([0, 429, 502, 503, 504].includes(a.status)) {
        await sleep(300);
      } else {
        return;
      }
    }
  };
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const r: LeadRecord = { n: next++, key: randomUUID(), ids: new Set() };
      leads.push(r);
      // Once the scenario stops sending, a lead in flight may still retry for a while: a shopper pressing Send again.
      const giveUp = Date.now() + 60_000;
      await one(r, () => Date.now() < giveUp);
      await sleep(perWorkerPauseMs);
    }
  });
  return {
    leads,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Looks for the acknowledged leads of `label` in the database: found, stored twice, and how often the CRM saw each. */
export async function leadsStored(c: Cluster, label: string, leads: LeadRecord[]) {
  const rows = await c.query<{ lead_id: string; message: string }>(
    "SELECT lead_id, payload->>'message' AS message FROM leads WHERE payload->>'message' LIKE $1",
    [`${label} #%`],
  );
  const perMessage = new Map<string, number>();
  for (const r of rows) perMessage.set(r.message, (perMessage.get(r.message) ?? 0) + 1);
  const ids = new Set(rows.map((r) => r.lead_id));
  const acked = leads.filter((l) => l.leadId);
  return {
    acked: acked.length,
    found: acked.filter((l) => ids.has(l.leadId!)).length,
    storedTwice: [...perMessage.values()].filter((n) => n > 1).length + leads.filter((l) => l.ids.size > 1).length,
    delivered: acked.filter((l) => c.crm.received.has(l.leadId!)).length,
    deliveredTwice: acked.filter((l) => (c.crm.received.get(l.leadId!) ?? 0) > 1).length,
    ackedIds: acked.map((l) => l.leadId!),
    foundIds: ids,
  };
}

/** A staff member publishing the editor site's home page heading over and over through the balancer. */
export async function publisher(c: Cluster, tally: Tally, label: string) {
  const host = `localhost:${c.nginx.port}`;
  let session: { cookie: string; csrf: string } | undefined;
  const signIn = async () => {
    const res = await call(c.nginx.port, 'POST', '/editor/api/login', { host, body: STAFF });
    tally.add('POST /editor/api/login', res);
    if (res.status === 200) session = { cookie: cookieOf(res.headers['set-cookie']), csrf: res.json.csrf };
  };
  let running = true;
  const acked: string[] = [];
  let k = 0;
  const loop = (async () => {
    while (running) {
      if (!session) await signIn();
      if (!session) {
        await sleep(300);
        continue;
      }
      const opened = await call(c.nginx.port, 'GET', `/editor/api/tenants/${EDITOR_SITE}`, { host, headers: { cookie: session.cookie } });
      tally.add('GET editor document', opened);
      if (opened.status !== 200) {
        await sleep(300);
        continue;
      }
      const { doc, head } = opened.json;
      const heading = `${label} publish ${k++}`;
      doc.pages['/'].blocks.find((b: { type: string }) => b.type === 'hero').props.heading = heading;
      const giveUp = Date.now() + 60_000;
      for (;;) {
        const published = await call(c.nginx.port, 'POST', `/editor/api/tenants/${EDITOR_SITE}/revisions`, {
          host,
          body: { baseRev: head.rev, doc, publish: true },
          headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        });
        tally.add('POST publish', published);
        if (published.status === 201) acked.push(heading);
        if (![0, 502, 503, 504].includes(published.status) || Date.now() > giveUp) break;
        await sleep(300);
      }
      await sleep(100);
    }
  })();
  return {
    acked,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** How many of the acknowledged publishes are stored as published revisions, and how many twice. */
export async function publishesStored(c: Cluster, headings: string[]) {
  let found = 0;
  let twice = 0;
  for (const h of headings) {
    const [row] = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM tenant_revisions WHERE kind = 'published' AND doc LIKE $1", [`%"${h}"%`]);
    const n = row?.n ?? 0;
    if (n >= 1) found++;
    if (n > 1) twice++;
  }
  return { acked: headings.length, found, twice };
}
