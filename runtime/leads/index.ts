// The lead pipeline: storage (SQLite by default, PostgreSQL with DATABASE_URL), the service that accepts leads,
// and the delivery worker that sends them to each dealership's CRM.
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { dealershipPhone } from '../domain/locations/dealership-phone';
import type { CarCatalogue } from '../inventory/car-catalogue';
import { DeliveryWorker, type CrmEndpoint, type DeliveryWorkerOptions, type EndpointLookup } from './delivery';
import type { EmailEndpoint } from './email';
import { LeadService, type LeadServiceOptions } from './service';
import { SqlLeadStore } from './sql-store';
import type { LeadStore } from './store';

export * from './adf';
export * from './delivery';
export * from './email';
export * from './service';
export * from './store';
export { SqlLeadStore } from './sql-store';
export { leadMigrations } from './migrations';

/** The SQLite file when neither DATABASE_URL nor LEADS_DB is set. */
export const LEADS_DEFAULT_FILE = join('data', 'leads.sqlite');

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/leads.sqlite). */
export async function openLeadStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<LeadStore> {
  if (env.databaseUrl) return SqlLeadStore.openPostgres(env.databaseUrl);
  return SqlLeadStore.openSqlite(env.sqliteFile ?? LEADS_DEFAULT_FILE);
}

/** The dealership's name and how to reach it (its sales number, else its own phone, else its first location's contact details). */
function dealershipContact(tenant: TenantDocument, dealershipId: number | null) {
  const dealership = tenant.dealerships.find((d) => d.id === dealershipId);
  const contact = dealership?.locations.find((l) => l.contact_detail)?.contact_detail;
  const phone = dealershipPhone(dealership, 'sales') || dealership?.phone || contact?.phone;
  return { dealershipName: dealership?.name, dealershipPhone: phone, dealershipEmail: contact?.email };
}

/** Email delivery for a dealership without a CRM endpoint: the site's SMTP settings and the dealership's recipients
 *  (or the site's), or undefined when the site has no SMTP host or no one to send to. */
// biome-ignore lint/suspicious/noExplicitAny: CRM settings are read by path from the validated tenant document
function emailEndpoint(crm: Record<string, any>, dealershipId: number | null): EmailEndpoint | undefined {
  const email = crm.email;
  if (!email?.host || !email.from) return undefined;
  const own = (email.dealerships ?? []).find((e: { dealershipId: number }) => e.dealershipId === dealershipId)?.to;
  const to: string[] = own?.length ? own : (email.to ?? []);
  if (!to.length) return undefined;
  return {
    kind: 'email',
    host: email.host,
    port: email.port ?? 587,
    secure: email.secure ?? false,
    requireTls: email.requireTls ?? true,
    from: email.from,
    to,
    usernameEnv: email.usernameEnv,
    passwordEnv: email.passwordEnv,
    timeoutSeconds: crm.timeoutSeconds ?? 10,
    maxAttempts: crm.maxAttempts ?? 20,
    backoffSeconds: crm.backoffSeconds ?? 5,
  };
}

/** The CRM endpoint of a dealership from the site's settings.leads.crm. */
export function endpointLookup(tenantBySlug: (slug: string) => TenantDocument | undefined): EndpointLookup {
  return (slug, dealershipId) => {
    const tenant = tenantBySlug(slug);
    if (!tenant) return 'unknown-tenant';
    // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
    const crm = ((tenant.settings ?? {}) as Record<string, any>).leads?.crm ?? {};
    const entry = (crm.endpoints ?? []).find((e: { dealershipId: number }) => e.dealershipId === dealershipId);
    if (!entry) {
      const email = emailEndpoint(crm, dealershipId);
      return email ? { ...email, dealershipName: dealershipContact(tenant, dealershipId).dealershipName } : 'none';
    }
    const endpoint: CrmEndpoint = {
      url: entry.url,
      format: entry.format ?? 'json',
      authorization: entry.authorization,
      timeoutSeconds: crm.timeoutSeconds ?? 10,
      maxAttempts: crm.maxAttempts ?? 20,
      backoffSeconds: crm.backoffSeconds ?? 5,
      ...dealershipContact(tenant, dealershipId),
    };
    return endpoint;
  };
}

export interface LeadPipeline {
  service: LeadService;
  worker: DeliveryWorker;
  store: LeadStore;
  close(): Promise<void>;
}

export function createLeadPipeline(options: {
  store: LeadStore;
  tenantBySlug: (slug: string) => TenantDocument | undefined;
  catalogue?: () => CarCatalogue | undefined;
  worker?: DeliveryWorkerOptions;
  enrich?: LeadServiceOptions['enrich'];
  log?: (message: string, error?: unknown) => void;
}): LeadPipeline {
  const worker = new DeliveryWorker(options.store, endpointLookup(options.tenantBySlug), { log: options.log, ...options.worker });
  const service = new LeadService({
    store: options.store,
    catalogue: options.catalogue,
    onStored: () => worker.kick(),
    enrich: options.enrich,
    log: options.log,
  });
  return {
    service,
    worker,
    store: options.store,
    async close() {
      await worker.stop();
      await options.store.close();
    },
  };
}
