// One suite for every LeadStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLeadPayload } from '../domain/leads';
import { SqlLeadStore } from './sql-store';
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

// The tables as the first release made them (before request_hash), with one lead and its delivery.
const oldSchema = (types: { json: string; big: string; serial: string }) => `
CREATE TABLE leads (lead_id TEXT PRIMARY KEY, tenant TEXT NOT NULL, idempotency_key TEXT NOT NULL, dealership_id INTEGER, payload ${types.json} NOT NULL,
  created_at ${types.big} NOT NULL, UNIQUE (tenant, idempotency_key));
CREATE TABLE lead_deliveries (id ${types.serial}, lead_id TEXT NOT NULL UNIQUE REFERENCES leads(lead_id), tenant TEXT NOT NULL, dealership_id INTEGER,
  status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at ${types.big} NOT NULL, locked_until ${types.big} NOT NULL DEFAULT 0,
  last_error TEXT, delivered_at ${types.big});
CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
INSERT INTO leads (lead_id, tenant, idempotency_key, dealership_id, payload, created_at) VALUES ('old-lead', 'site-a', 'old-key', 3, '{"name":"Old Enquirer","lead_id":"old-lead"}', 500);
INSERT INTO lead_deliveries (lead_id, tenant, dealership_id, next_attempt_at) VALUES ('old-lead', 'site-a', 3, 500);
`;

const backends: { name: string; skip: boolean; open: () => Promise<LeadStore>; openOld: () => Promise<LeadStore> }[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => SqlLeadStore.openSqlite(join(dir, `${randomUUID()}.sqlite`)),
    openOld: async () => {
      const file = join(dir, `old-${randomUUID()}.sqlite`);
      const old = new Database(file);
      old.exec(oldSchema({ json: 'TEXT', big: 'INTEGER', serial: 'INTEGER PRIMARY KEY AUTOINCREMENT' }));
      old.close();
      return SqlLeadStore.openSqlite(file);
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      // A fresh schema per run, so the suite starts empty.
      return SqlLeadStore.openPostgres(await freshSchemaUrl(pgUrl!, 'leads_test'));
    },
    openOld: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'leads_old');
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(oldSchema({ json: 'JSONB', big: 'BIGINT', serial: 'BIGSERIAL PRIMARY KEY' }));
      await old.end();
      return SqlLeadStore.openPostgres(url);
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

    it('adopts a database made before the request hash: its lead and pending delivery are kept, and new leads get a hash', async () => {
      const old = await backend.openOld();
      try {
        expect(await old.get('old-lead')).toMatchObject({
          tenant: 'site-a',
          createdAt: 500,
          payload: { name: 'Old Enquirer' },
          delivery: { status: 'pending' },
        });
        expect((await old.claimDue(1_000, 10, 60_000)).map((d) => d.leadId)).toEqual(['old-lead']);
        const l = { ...lead('site-a'), requestHash: 'h1' };
        expect(await old.insert(l)).toEqual({ leadId: l.leadId, created: true });
        expect(await old.insert({ ...l, leadId: randomUUID() })).toEqual({ leadId: l.leadId, created: false, requestHash: 'h1' });
      } finally {
        await old.close();
      }
    });

    it('survives closing and reopening (SQLite file / database)', async () => {
      if (store.kind !== 'sqlite') return;
      const file = (store as SqlLeadStore).file!;
      const l = lead('site-d');
      await store.insert(l);
      await store.close();
      store = SqlLeadStore.openSqlite(file);
      expect((await store.get(l.leadId))!.payload.lead_id).toBe(l.leadId);
    });
  });
}
