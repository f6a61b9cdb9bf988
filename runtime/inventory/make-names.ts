// docs/requirements/vehicle-browsing.md#constants: feeds spell some makes differently from how the site shows them. The table and the rule are the
// shared domain ones; this file adds what only feeds need.
import { MAKE_NAME_OVERRIDES, normaliseMakeName } from '../domain/make-names';

/** Feed spelling (lower case) -> make shown on the site. */
export const DEFAULT_MAKE_ALIASES = MAKE_NAME_OVERRIDES;

/** The make name the site shows for a make name as a feed wrote it. */
export const normaliseMake = normaliseMakeName;

/** Feed spellings of a shown make, used to put the seed's raw cases into generated feed data. */
export function feedSpellingsOf(make: string, aliases: Readonly<Record<string, string>> = DEFAULT_MAKE_ALIASES): string[] {
  return Object.entries(aliases)
    .filter(([, shown]) => shown === make)
    .map(([feed]) => feed.replace(/\b\w/g, (c) => c.toUpperCase()).replace(/\bUte\b/, 'UTE'));
}
