// Accepting a lead: check the submission against the site's form config, bind it to the site's own car and
// dealership, store it (lead + outbox row, one transaction) and only then answer with its lead_id.
//
// Decisions:
// - Honeypot filled: answered like a success (201 with a lead_id that is never stored or delivered), so a bot learns
//   nothing; the log counts it.
// - Idempotency: one key per submission attempt (Idempotency-Key header or body.idempotency_key); a repeat of a key
//   the site has seen with the same submission returns the first lead_id and stores nothing new; the same key with a
//   different submission is a 409 (idempotency_key_reused), never a silent drop of the second lead.
// - The car is read from the site's own stock by car_id (the browser's car fields are not trusted); a car or a
//   dealership of another site is refused.
import { createHash, randomUUID } from 'node:crypto';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { dealershipFilterOf, shownDealerships } from '../domain/locations/shown-dealerships';
import {
  buildLeadPayload,
  CHECKOUT_LEAD_FORMS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  LEAD_FORM_KINDS,
  LEAD_MESSAGES,
  leadFormConfig,
  validateLeadValues,
  type LeadCar,
  type LeadFormKind,
  type LeadFormSettings,
  type LeadPayload,
  type LeadSubmitResponse,
} from '../domain/leads';
import type { CarCatalogue } from '../inventory/car-catalogue';
import { checkServiceBooking } from './service-booking';
import type { LeadStore } from './store';

export interface SubmitMeta {
  idempotencyKey?: string;
  userAgent?: string;
  referer?: string;
  /** The site's configured origin (runtime/infra/public-urls.ts): links for staff, e.g. trade-in photos, point there. */
  origin?: string;
  /** Set by the server's own checkout (runtime/reservations): only it may file checkout leads. */
  fromCheckout?: boolean;
}

/** What a form-specific step adds to a lead (the trade-in valuation, runtime/trade-in/lead-enricher.ts). */
interface LeadEnrichment {
  fields?: Partial<LeadPayload>;
  /** Field errors: answered 422 'Please fix the following errors:'. */
  errors?: Record<string, string>;
  /** Refused outright. */
  refused?: { status: number; message: string };
  /** Runs once the lead is stored (failures are only logged: the lead is already safe). */
  stored?: (leadId: string) => Promise<void>;
}
export type LeadEnricher = (input: {
  tenant: TenantDocument;
  form: LeadFormKind;
  values: Record<string, unknown>;
  context: Record<string, unknown>;
  meta: SubmitMeta;
}) => Promise<LeadEnrichment | null>;

export interface SubmitResult {
  status: number;
  body: LeadSubmitResponse;
  /** true when the key had been used before and the first lead's id was returned. */
  replayed?: boolean;
  /** true when the submission was a bot's (honeypot): nothing stored. */
  dropped?: boolean;
}

export interface LeadServiceOptions {
  store: LeadStore;
  catalogue?: () => CarCatalogue | undefined;
  /** Called after a lead is stored (wakes the delivery worker). */
  onStored?: (leadId: string) => void;
  /** Form-specific additions, checked before the lead is stored. */
  enrich?: LeadEnricher;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const MAX_URL = 2000;

/** JSON with object keys sorted, so the same submission always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a submission: its form, values and context (not the key itself). */
function submissionHash(body: Record<string, unknown>): string {
  return createHash('sha256')
    .update(canonicalJson({ form: body.form, values: body.values, context: body.context ?? null }))
    .digest('hex');
}

const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different submission. Use a new key for each new submission.';

function bad(status: number, error: string, fields?: Record<string, string>): SubmitResult {
  return { status, body: fields ? { error, fields } : { error } };
}

function leadSettingsOf(tenant: TenantDocument): { forms: LeadFormSettings; autogauge: boolean } {
  // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
  const settings = (tenant.settings ?? {}) as Record<string, any>;
  return { forms: settings.leads?.forms ?? {}, autogauge: settings.vehicle?.priceComparison?.cardEnabled ?? false };
}

export class LeadService {
  constructor(private options: LeadServiceOptions) {}

  get store() {
    return this.options.store;
  }

  async submit(tenant: TenantDocument, body: unknown, meta: SubmitMeta = {}): Promise<SubmitResult> {
    if (!isObject(body) || !isObject(body.values)) return bad(400, 'The request body must be JSON: {"form": "enquiry", "values": {...}}.');
    const form = body.form as LeadFormKind;
    if (!LEAD_FORM_KINDS.includes(form) || (CHECKOUT_LEAD_FORMS.includes(form) && !meta.fromCheckout)) {
      const open = LEAD_FORM_KINDS.filter((f) => !CHECKOUT_LEAD_FORMS.includes(f));
      return bad(400, `Unknown form "${String(body.form)}"; forms: ${open.join(', ')}.`);
    }
    const key = meta.idempotencyKey ?? (typeof body.idempotency_key === 'string' ? body.idempotency_key : undefined);
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
      return bad(400, 'An Idempotency-Key of 8 to 100 letters, digits, - or _ is required (one per submission attempt).');
    const context = isObject(body.context) ? body.context : {};
    const values = { ...body.values };

    if (typeof values[HONEYPOT_FIELD] === 'string' && values[HONEYPOT_FIELD] !== '') {
      this.options.log?.(`lead dropped for ${tenant.slug}: honeypot filled`);
      return { status: 201, body: { lead_id: fakeLeadId(tenant.slug, key) }, dropped: true };
    }

    // The car, from the site's own stock.
    let car: (LeadCar & { year?: number }) | undefined;
    if (context.car_id !== undefined && context.car_id !== null && context.car_id !== '') {
      const catalogue = this.options.catalogue?.();
      if (!catalogue) return bad(503, LEAD_MESSAGES.submitFailed);
      const id = Number(context.car_id);
      car = Number.isInteger(id) ? catalogue.byIdFor(tenant, id) : undefined;
      if (!car) return bad(422, LEAD_MESSAGES.unknownCar, { car_id: LEAD_MESSAGES.unknownCar });
    }

    const { forms, autogauge } = leadSettingsOf(tenant);
    const dealerships = shownDealerships(tenant.dealerships, dealershipFilterOf(tenant.settings)).map((d) => ({ slug: d.slug, name: d.name }));
    let config = leadFormConfig(form, forms, dealerships);
    // A service booking follows the service wizard's rules for this site (runtime/domain/service).
    const booking = form === 'service' ? checkServiceBooking(tenant, values, (this.options.now ?? Date.now)()) : null;
    if (booking && !booking.ok) return bad(422, booking.error, booking.fields);
    if (booking?.ok) {
      Object.keys(values).forEach((k) => delete values[k]);
      Object.assign(values, booking.values);
      config = { ...config, category: booking.config.category, subcategory: booking.config.subcategory };
    } else {
      const errors = validateLeadValues(config, values);
      if (errors) return bad(422, LEAD_MESSAGES.fixErrors, errors);
    }

    const chosen = typeof values.dealership_slug === 'string' && values.dealership_slug ? values.dealership_slug : undefined;
    const dealership = chosen
      ? tenant.dealerships.find((d) => d.slug === chosen && dealerships.some((s) => s.slug === d.slug))
      : (tenant.dealerships.find((d) => d.id === car?.dealership_id) ?? (tenant.dealerships.length === 1 ? tenant.dealerships[0] : undefined));
    if (chosen && !dealership) return bad(422, LEAD_MESSAGES.fixErrors, { dealership_slug: LEAD_MESSAGES.unknownDealership });

    const enrichment = (await this.options.enrich?.({ tenant, form, values, context, meta })) ?? null;
    if (enrichment?.refused) return bad(enrichment.refused.status, enrichment.refused.message);
    if (enrichment?.errors) return bad(422, LEAD_MESSAGES.fixErrors, enrichment.errors);

    const url = (typeof context.url === 'string' && context.url ? context.url : (meta.referer ?? '')).slice(0, MAX_URL);
    const leadId = randomUUID();
    const payload = buildLeadPayload(
      values,
      {
        form,
        car,
        dealership: dealership ? { id: dealership.id, slug: dealership.slug, manufacturer: dealership.manufacturer } : null,
        url,
        visitedPages: Array.isArray(context.visited_pages) ? (context.visited_pages as string[]) : [],
        linkedQueryParams: isObject(context.linked_query_params) ? (context.linked_query_params as Record<string, string>) : undefined,
        userAgent: (meta.userAgent ?? '').slice(0, 500),
        pageId: typeof context.page_id === 'string' || typeof context.page_id === 'number' ? context.page_id : null,
        autogaugeEnabled: autogauge,
        completed: context.completed !== false,
        leadId,
      },
      config,
    );
    if (booking?.ok) Object.assign(payload, booking.fields);
    if (enrichment?.fields) Object.assign(payload, enrichment.fields);
    const now = (this.options.now ?? Date.now)();
    const requestHash = submissionHash(body);
    const stored = await this.options.store.insert({
      leadId,
      tenant: tenant.slug,
      idempotencyKey: key,
      dealershipId: dealership?.id ?? car?.dealership_id ?? null,
      payload,
      createdAt: now,
      requestHash,
    });
    if (!stored.created && stored.requestHash && stored.requestHash !== requestHash) {
      return { status: 409, body: { error: IDEMPOTENCY_KEY_REUSED, code: 'idempotency_key_reused' } };
    }
    if (stored.created) {
      await enrichment?.stored?.(stored.leadId).catch((e: unknown) => this.options.log?.(`after storing lead ${stored.leadId}`, e));
      this.options.onStored?.(stored.leadId);
    }
    return { status: 201, body: { lead_id: stored.leadId }, replayed: !stored.created };
  }
}

/** A lead_id-shaped answer for a dropped bot submission (the same for the same key, like a real replay). */
function fakeLeadId(tenant: string, key: string): string {
  const h = createHash('sha256').update(`${tenant}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
