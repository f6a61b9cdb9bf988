// A local CRM for the lead benches and the cluster test: accepts each delivery (counting it by lead_id, so repeats are
// visible) or, for a share of them, refuses with a 500 as a real CRM sometimes does; and a copy of the demo tenants
// whose dealerships all deliver to it. Loopback only (the servers run with CRM_ALLOW_HOSTS=127.0.0.1).
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { dealershipFilterOf, shownDealerships } from '../../runtime/domain/locations/shown-dealerships';

export interface TestCrm {
  url: string;
  /** lead_id -> deliveries accepted. */
  received: Map<string, number>;
  /** Deliveries refused with a 500. */
  refused(): number;
  close(): void;
}

export async function startTestCrm({ refuseShare = 0 }: { refuseShare?: number } = {}): Promise<TestCrm> {
  const received = new Map<string, number>();
  let refused = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (Math.random() < refuseShare) {
        refused++;
        return res.writeHead(500).end('try later');
      }
      try {
        const id = JSON.parse(body).lead_id as string;
        received.set(id, (received.get(id) ?? 0) + 1);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm`, received, refused: () => refused, close: () => server.close() };
}

export type LeadSite = { slug: string; dealerships: { id: number; slug: string }[] };

/** Copies the tenants folder to `tenantsDir` with every dealership delivering to `crmUrl`; returns the sites. */
export function tenantsDeliveringTo(sourceDir: string, tenantsDir: string, crmUrl: string): LeadSite[] {
  cpSync(sourceDir, tenantsDir, { recursive: true });
  const sites: LeadSite[] = [];
  for (const f of readdirSync(tenantsDir).filter((f) => f.endsWith('.json'))) {
    const file = join(tenantsDir, f);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(doc.dealerships)) continue;
    doc.settings ??= {};
    doc.settings.leads ??= {};
    doc.settings.leads.crm = {
      endpoints: doc.dealerships.map((d: { id: number }) => ({ dealershipId: d.id, url: crmUrl, format: 'json' })),
      backoffSeconds: 0.2,
      maxAttempts: 100,
      timeoutSeconds: 5,
    };
    doc.settings.leads.limits = { perClientPerMinute: 30 };
    writeFileSync(file, JSON.stringify(doc, null, 2));
    // Leads go to the dealerships the site shows (a hidden one is refused as not part of the website).
    sites.push({ slug: doc.slug, dealerships: shownDealerships(doc.dealerships, dealershipFilterOf(doc.settings)) });
  }
  return sites;
}
