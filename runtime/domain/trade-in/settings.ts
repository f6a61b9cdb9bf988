// Seed defaults of the trade-in settings; mirrors schemas/settings/trade-in.schema.json (checked by settings.test.ts).
import type { TradeInSettings } from '../../../schemas/generated/tenant';
import type { Resolved } from '../vehicle/settings';

export const TRADE_IN_SETTINGS_DEFAULTS: Resolved<TradeInSettings> = {
  imageUpload: true,
  saveValuation: false,
  smsContent: "Thanks {name}, we have received your car's details. Our buying team will contact you the same or next business day.",
  smsFrom: '',
  valuationUserEmail: '',
  photoRetentionDays: 7,
  uploadLimits: { perEvaluationMegabytes: 40, perAddressPhotosPerHour: 30, perAddressMegabytesPerHour: 60, perSiteMegabytesPerHour: 500 },
};

export function tradeInSettings(site: { settings?: unknown }): Resolved<TradeInSettings> {
  const s = ((site.settings ?? {}) as { tradeIn?: TradeInSettings }).tradeIn ?? {};
  // uploadLimits is merged key by key: a document not yet validated (tests, the editor's draft) may name only some.
  return {
    ...TRADE_IN_SETTINGS_DEFAULTS,
    ...s,
    uploadLimits: { ...TRADE_IN_SETTINGS_DEFAULTS.uploadLimits, ...s.uploadLimits },
  } as Resolved<TradeInSettings>;
}

/** sms_content: the site's thank-you text with the customer's name. */
export const smsContent = (template: string, name: string) => template.replaceAll('{name}', name.trim() || 'there').slice(0, 480);

/** sms_from: the configured sender, else the site's name (an SMS sender id holds at most 11 characters). */
export const smsFrom = (configured: string, siteName: string) => (configured.trim() || siteName.replace(/[^A-Za-z0-9 ]/g, '').trim()).slice(0, 11).trim();
