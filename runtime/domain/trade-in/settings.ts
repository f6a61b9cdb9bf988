// Trade-in settings are read as the validated document holds them (resolvedSettings(doc.settings).tradeIn): every default
// is written once, in schemas/settings/trade-in.schema.json.

/** sms_content: the site's thank-you text with the customer's name. */
export const smsContent = (template: string, name: string) => template.replaceAll('{name}', name.trim() || 'there').slice(0, 480);

/** sms_from: the configured sender, else the site's name (an SMS sender id holds at most 11 characters). */
export const smsFrom = (configured: string, siteName: string) => (configured.trim() || siteName.replace(/[^A-Za-z0-9 ]/g, '').trim()).slice(0, 11).trim();
