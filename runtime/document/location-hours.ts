// Sharing one location's hours with the others of the site: the weekly hours applied to every location, and special
// (holiday) hours copied to one location or all of them. Pure functions over the tenant document, for the editor.
import type { SpecialHour } from '../../schemas/generated/tenant';

export interface LocationAt {
  d: number;
  l: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a tenant document walked by key; Ajv checks its shape
type Doc = Record<string, any>;

/** Every location of the site, in the order the document lists them, with where it is and its name. */
export function allLocations(doc: Doc): (LocationAt & { name: string; label: string })[] {
  return ((doc.dealerships ?? []) as Doc[]).flatMap((dl, d) =>
    ((dl.locations ?? []) as Doc[]).map((loc, l) => ({ d, l, name: String(loc.name), label: `${dl.name} › ${loc.name}` })),
  );
}

// A plain copy (JSON: it also reads an immer draft, which structuredClone refuses).
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v));

const same = (a: LocationAt, b: LocationAt) => a.d === b.d && a.l === b.l;

/** Sets every other location's weekly hours to those of `from` (a copy each); returns how many locations changed. */
export function applyOpeningHoursToAll(draft: Doc, from: LocationAt): number {
  const source = draft.dealerships[from.d].locations[from.l];
  const hours = copy(source.contact_detail?.opening_hours ?? []);
  let changed = 0;
  for (const at of allLocations(draft)) {
    if (same(at, from)) continue;
    const loc = draft.dealerships[at.d].locations[at.l];
    const next = copy(hours);
    if (JSON.stringify(loc.contact_detail?.opening_hours ?? []) === JSON.stringify(next)) continue;
    loc.contact_detail = { ...(loc.contact_detail ?? {}), opening_hours: next };
    changed++;
  }
  return changed;
}

/** Copies the special hours of `from` to each of `to`: a date `from` has replaces that date's hours there, other dates
 *  stay. Returns how many locations changed. */
export function copySpecialHours(draft: Doc, from: LocationAt, to: LocationAt[]): number {
  const source = (draft.dealerships[from.d].locations[from.l].special_hours ?? []) as SpecialHour[];
  let changed = 0;
  for (const at of to) {
    if (same(at, from)) continue;
    const loc = draft.dealerships[at.d].locations[at.l];
    const before = JSON.stringify(loc.special_hours ?? []);
    const dates = new Set(source.map((s) => s.date));
    const list = [...((loc.special_hours ?? []) as SpecialHour[]).filter((s) => !dates.has(s.date)), ...copy(source)].sort((a, b) =>
      a.date.localeCompare(b.date),
    );
    if (JSON.stringify(list) === before) continue;
    loc.special_hours = list;
    changed++;
  }
  return changed;
}
