// A settings group as a validated document holds it: checked against the group's schema and with every default filled
// in by Ajv (useDefaults), for tests that call domain code with a few options set. The schema stays the one default.
// Server and test use only: it compiles with Ajv, which the browser build never does.
import type { ValidateFunction } from 'ajv';
import tenantSchema from '../schemas/tenant.schema.json';
import type { ResolvedSettings } from '../schemas/generated/settings';
import { createAjv } from '../runtime/tenants/tenant-schema-validator';

// biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
const schema = tenantSchema as { definitions: object; properties: { settings: Record<string, any> } };
let validate: ValidateFunction | undefined;

type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** A settings group as a test writes it: any of its options, at any depth. */
export type SettingsInput<G extends keyof ResolvedSettings> = DeepPartial<ResolvedSettings[G]>;

/** Every settings group through one validator of the document's settings (compiled once: tests call this often). */
function resolve(settings: object): ResolvedSettings {
  if (!validate) {
    // Without the settings object's own default ({}): Ajv's strict mode refuses a default at a schema's root.
    const { default: _root, ...rest } = schema.properties.settings;
    validate = createAjv().compile({ ...rest, definitions: schema.definitions });
  }
  const resolved = structuredClone(settings);
  if (!validate(resolved)) throw new Error(`settings are invalid: ${JSON.stringify(validate.errors)}`);
  return resolved as ResolvedSettings;
}

export function withSettingsDefaults<G extends keyof ResolvedSettings>(group: G, settings: SettingsInput<G> = {} as SettingsInput<G>): ResolvedSettings[G] {
  if (!schema.properties.settings.properties[group]) throw new Error(`unknown settings group ${JSON.stringify(group)}`);
  try {
    return resolve({ [group]: settings })[group];
  } catch (e) {
    throw new Error(`${group} ${(e as Error).message}`);
  }
}

/** Every settings group, each with its defaults filled in (a group not given is all defaults). */
export function allSettingsWithDefaults(settings: { [G in keyof ResolvedSettings]?: DeepPartial<ResolvedSettings[G]> } = {}): ResolvedSettings {
  return resolve(settings);
}
