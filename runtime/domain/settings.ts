// The settings of a tenant document as the code reads them. Every document the runtime serves or previews has been
// validated, and the validator (Ajv, useDefaults) fills every schema default in, so each group and each defaulted
// option is there: the schema is the one place a default is written (types: schemas/generated/settings.ts).
import type { ResolvedSettings } from '../../schemas/generated/settings';
import type { TenantDocument } from '../../schemas/generated/tenant';

export type * from '../../schemas/generated/settings';

/** A validated document's settings, typed with their defaults filled in. */
export const resolvedSettings = (settings: TenantDocument['settings']): ResolvedSettings => settings as unknown as ResolvedSettings;
