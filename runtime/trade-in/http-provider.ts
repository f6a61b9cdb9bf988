// A real valuation service over HTTP: POST {baseUrl}/enter-vin, /manual-entry, /update-eval with the bodies of
// docs/requirements/dealer-services.md#calls and an API key, all server-side (the key never reaches a browser). Time-outs and failures become the
// seed's step error ('An error occurred while submitting the form. Please try again.'); a 4xx with a short message
// of its own is passed on as the step error; a 404 on a lookup is no match.
import { TRADE_IN_MESSAGES, type VehicleResult } from '../domain/trade-in';
import { ValuationError, type ValuationProvider } from './provider';

export interface HttpValuationOptions {
  /** e.g. https://valuations.example.com/api ; /enter-vin etc. are appended. */
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

const STRING_FIELDS = [
  'EvalID',
  'VIN',
  'EngineNo',
  'Registration',
  'RegExpiry',
  'Make',
  'Model',
  'Series',
  'Variant',
  'Transmission',
  'redbookCode',
  'Body',
] as const;
const NUMBER_OR_STRING = ['Year', 'Cylinders', 'CompMth', 'CompYr', 'BuildMth', 'BuildYr'] as const;

/** Keeps only the seed's fields, as plain short values (a service's answer is not trusted either). */
function sanitiseVehicleResult(item: unknown): VehicleResult | null {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return null;
  const r = item as Record<string, unknown>;
  const out: VehicleResult = {};
  for (const f of STRING_FIELDS) if (typeof r[f] === 'string' || typeof r[f] === 'number') (out as Record<string, unknown>)[f] = String(r[f]).slice(0, 200);
  for (const f of NUMBER_OR_STRING)
    if (typeof r[f] === 'number' || (typeof r[f] === 'string' && (r[f] as string).length < 20)) (out as Record<string, unknown>)[f] = r[f];
  if (typeof r.KM === 'number' && Number.isFinite(r.KM)) out.KM = r.KM;
  const offer = r.OfferPrice ?? r.offer_price;
  if (typeof offer === 'number' && Number.isFinite(offer) && offer > 0) out.OfferPrice = Math.round(offer);
  else if (offer === null || 'OfferPrice' in r || 'offer_price' in r) out.OfferPrice = null;
  if (Array.isArray(r.VechielDescriptions)) {
    out.VechielDescriptions = r.VechielDescriptions.slice(0, 50)
      .map((d) =>
        d && typeof d === 'object' && typeof (d as { Description?: unknown }).Description === 'string'
          ? { Description: String((d as { Description: string }).Description).slice(0, 300) }
          : null,
      )
      .filter((d): d is { Description: string } => d !== null);
  }
  return out;
}

function serviceMessage(body: unknown): string | null {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const m = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : null;
  const clean = m?.replace(/<[^>]*>/g, '').trim();
  return clean && clean.length <= 200 ? clean : null;
}

export function httpValuationProvider(options: HttpValuationOptions): ValuationProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(path: string, body: Record<string, unknown>, { notFoundIsEmpty = false } = {}): Promise<VehicleResult[]> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
    let response: Response;
    let parsed: unknown;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: controller.signal,
        redirect: 'error',
      });
      const text = await response.text();
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = undefined;
      }
    } catch {
      // Time-out, refused connection, DNS: the shopper gets the seed's message and may try again.
      throw new ValuationError(TRADE_IN_MESSAGES.submitFailed, 502);
    } finally {
      clearTimeout(timer);
    }
    if (response.status === 404 && notFoundIsEmpty) return [];
    if (response.status >= 400 && response.status < 500) throw new ValuationError(serviceMessage(parsed) ?? TRADE_IN_MESSAGES.submitFailed, 422);
    if (!response.ok || !Array.isArray(parsed)) throw new ValuationError(TRADE_IN_MESSAGES.submitFailed, 502);
    return parsed
      .slice(0, 5)
      .map(sanitiseVehicleResult)
      .filter((r): r is VehicleResult => r !== null);
  }

  return {
    name: 'http',
    enterVin: (rego, state) => call('/enter-vin', { rego, state }, { notFoundIsEmpty: true }),
    manualEntry: (vin, desc) => call('/manual-entry', { vin, desc }),
    updateEval: (input) => call('/update-eval', { ...input }),
  };
}
