// A service booking sent to POST /api/leads (form "service"): checked with the wizard's own rules for this site
// (runtime/domain/service) instead of the enquiry form's, and turned into the common lead values plus every service
// booking field under the seed's names (docs/requirements/dealer-services.md#data).
import type { TenantDocument } from '../../schemas/generated/tenant';
import { LEAD_MESSAGES } from '../domain/leads';
import { resolvedSettings } from '../domain/settings';
import {
  serviceFormConfig,
  serviceLeadBaseValues,
  serviceLeadFields,
  validateServiceBooking,
  type ServiceFormConfig,
  type ServiceLeadFields,
  type ServiceSite,
} from '../domain/service';

export type ServiceBookingCheck =
  | { ok: true; config: ServiceFormConfig; values: Record<string, unknown>; fields: ServiceLeadFields }
  | { ok: false; error: string; fields: Record<string, string> };

function serviceFormConfigFor(tenant: TenantDocument): ServiceFormConfig {
  const settings = resolvedSettings(tenant.settings);
  return serviceFormConfig(settings.service, tenant as unknown as ServiceSite, settings.locations.dropdown);
}

export function checkServiceBooking(tenant: TenantDocument, values: Record<string, unknown>, now: number): ServiceBookingCheck {
  const config = serviceFormConfigFor(tenant);
  const errors = validateServiceBooking(config, values, now);
  if (errors) {
    const fields = { ...errors.fields };
    if (errors.step && !Object.keys(fields).length) fields._form = errors.step;
    return { ok: false, error: errors.step && !Object.keys(errors.fields).length ? errors.step : LEAD_MESSAGES.fixErrors, fields };
  }
  return { ok: true, config, values: serviceLeadBaseValues(config, values), fields: serviceLeadFields(config, values) };
}
