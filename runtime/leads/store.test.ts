// One suite for every LeadStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLeadPayload } from '../domain/leads';
import { PgLeadStore } from './pg-store';
import { SqliteLeadStore } from './sqlite-store';
import type { LeadStore, NewLead } from './store';
import { freshSchemaUrl } from '../server/test-postgres';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'lead-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lead(tenant: string, key = randomUUID(), createdAt = 1_000): NewLead {
  const leadId = randomUUID();
  return {
    leadId,
    tenant,
    idempotencyKey: key,
    dealershipId: 7,
    createdAt,
    payload: buildLeadPayload({ name: "Ann <O'Neil> & Co", email: 'a@b.co', phone: '0400000000', message: 'Hi' }, { form: 'enquiry', url: '/x', leadId }),
  };
}

const backends: { name: string; skip: boolean; open: () => Promise<LeadStore> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteLeadStore(join(dir, `${randomUUID()}.sqlite`)) },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      // A fresh schema per run, so the suite starts empty.
      return PgLeadStore.open(await freshSchemaUrl(pgUrl!, 'leads_test'));
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`LeadStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`, () => {
    let store: LeadStore;
    beforeAll(async () => {
      store = await backend.open();
    });
    afterAll(async () => store?.close());

    it('stores a lead with a pending delivery, text exactly as given', async () => {
      const l = lead('site-a');
      expect(await store.insert(l)).toEqual({ leadId: l.leadId, created: true });
      const got = await store.get(l.leadId);
      expect(got).toMatchObject({
        leadId: l.leadId,
        tenant: 'site-a',
        dealershipId: 7,
        createdAt: 1000,
        payload: { name: "Ann <O'Neil> & Co", lead_id: l.leadId },
      });
      expect(got!.delivery).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: 1000, deliveredAt: null });
    });

    it('one lead per idempotency key and site, even when inserted concurrently', async () => {
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 8 }, () => store.insert(lead('site-a', key))));
      expect(new Set(results.map((r) => r.leadId)).size).toBe(1);
      expect(results.filter((r) => r.created).length).toBe(1);
      // the same key on another site is another lead
      expect((await store.insert(lead('site-b', key))).created).toBe(true);
    });

    it('claims due deliveries under a lease, records attempts, retries and delivery', async () => {
      const start = (await store.counts()).byStatus;
      const a = lead('site-c', undefined, 5_000);
      await store.insert(a);
      const claimed = await store.claimDue(5_000, 100, 60_000);
      const mine = claimed.find((d) => d.leadId === a.leadId)!;
      expect(mine.payload.lead_id).toBe(a.leadId);
      expect(mine.createdAt).toBe(5_000);
      // leased: not claimed again until the lease ends (a crashed worker's claims come back)
      expect((await store.claimDue(5_001, 100, 60_000)).some((d) => d.leadId === a.leadId)).toBe(false);
      expect((await store.claimDue(65_001, 100, 60_000)).some((d) => d.leadId === a.leadId)).toBe(true);
      await store.recordAttempt(mine.id, { status: 'pending', error: 'HTTP 500', nextAttemptAt: 70_000, at: 65_002 });
      expect((await store.claimDue(69_999, 100, 1)).some((d) => d.leadId === a.leadId)).toBe(false);
      const again = (await store.claimDue(70_000, 100, 1)).find((d) => d.leadId === a.leadId)!;
      expect(again).toMatchObject({ attempts: 1, lastError: 'HTTP 500' });
      await store.recordAttempt(again.id, { status: 'delivered', at: 70_010 });
      expect((await store.get(a.leadId))!.delivery).toMatchObject({ status: 'delivered', attempts: 2, deliveredAt: 70_010 });
      expect((await store.claimDue(1e12, 1000, 1)).some((d) => d.leadId === a.leadId)).toBe(false);
      const end = (await store.counts()).byStatus;
      expect(end.delivered).toBe(start.delivered + 1);
    });

    it('survives closing and reopening (SQLite file / database)', async () => {
      if (store.kind !== 'sqlite') return;
      const file = (store as SqliteLeadStore).file;
      const l = lead('site-d');
      await store.insert(l);
      await store.close();
      store = new SqliteLeadStore(file);
      expect((await store.get(l.leadId))!.payload.lead_id).toBe(l.leadId);
    });
  });
}
