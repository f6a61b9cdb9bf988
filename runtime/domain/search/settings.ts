// The tenant's search settings as a validated document holds them: the validator fills in every default written in
// schemas/settings/search.schema.json, so code reads them directly and keeps no copy of a default.
import type { ResolvedSearchSettings } from '../../../schemas/generated/settings';

export type { ResolvedSearchSettings };
export type DefaultFilter = ResolvedSearchSettings['defaultFilter'];
