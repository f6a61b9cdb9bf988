// Adding and removing a dealership's locations as pure functions (each returns a new document). A location is only
// removed while nothing points at it: blocks naming it (props marked "x-ref": "location" in their schema) and links
// to its page on the site, and settings naming it, are named in the refusal, so staff know what to change first.
// Dealerships are added and removed in dealerships.ts.
import type { TenantDocument } from '../../schemas/generated/tenant';
import { annotatedValues, settingsReferences } from '../tenants/checks/references';
import { blockDefinition, pageBlocks } from '../tenants/checks/page-blocks';
import { linksInProps } from '../tenants/checks/internal-links';
import { PageOperationError, type NavLink } from './pages';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Doc = Record<string, any>;
interface Location {
  id: number;
  name: string;
  slug: string;
  [k: string]: unknown;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The addresses of a location's pages on the site (pages bound to location data, e.g. /locations/:slug). */
function locationPaths(pages: Record<string, { data?: string }>, slug: string): string[] {
  return Object.keys(pages)
    .filter((r) => pages[r]?.data === 'location' && /\/:slug$/.test(r))
    .map((r) => r.replace(/:slug$/, slug));
}

/** Everything in the document that points at a location, in words ("block "store-map" on page /contact"). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
export function locationUses(doc: Doc, schema: Record<string, any>, id: number): string[] {
  const location = (doc.dealerships ?? []).flatMap((d: { locations?: Location[] }) => d.locations ?? []).find((l: Location) => l.id === id) as
    | Location
    | undefined;
  if (!location) return [];
  const uses: string[] = [];
  const paths = new Set(locationPaths(doc.pages ?? {}, location.slug));
  const isLocationLink = (href: string) => paths.has((href.split(/[?#]/)[0] ?? href).replace(/(.)\/$/, '$1'));
  for (const { block, route } of pageBlocks(doc as TenantDocument)) {
    const def = blockDefinition(schema, block.type);
    let named = false;
    if (def && block.props)
      for (const [value, , kind] of annotatedValues(block.props, def.properties.props, schema, '')) if (kind === 'location' && value === id) named = true;
    const linked = [...linksInProps(block.props, [])].some((l) => isLocationLink(l.href));
    if (named || linked) uses.push(`block "${block.id}" on page ${route}`);
  }
  const visit = (items: NavLink[] | undefined, where: string) =>
    (items ?? []).forEach((item) => {
      if (item.href && isLocationLink(item.href)) uses.push(`${where} › ${item.label}`);
      visit(item.children, `${where} › ${item.label}`);
    });
  visit(doc.navigation?.header, 'header menu');
  ((doc.navigation?.footer ?? []) as { title: string; links: NavLink[] }[]).forEach((g) => visit(g.links, `footer › ${g.title}`));
  for (const [value, path, kind] of settingsReferences(doc, schema)) if (kind === 'location' && value === id) uses.push(`setting ${path}`);
  return uses;
}

/** Adds a location to a dealership: a fresh id and slug, the dealership's state; the address and phone are left for
 *  staff to fill in (the validator shows them as problems until they are). Returns the new document and the index. */
export function addLocation(doc: Doc, dealership: number, name: string): { doc: Doc; index: number } {
  const dealer = doc.dealerships?.[dealership];
  if (!dealer) throw new PageOperationError('There is no dealership there.');
  if (!name.trim()) throw new PageOperationError('Give the location a name.');
  const all = (doc.dealerships as { locations?: Location[] }[]).flatMap((d) => d.locations ?? []);
  const base = slugOf(name) || 'location';
  let slug = base;
  for (let n = 2; all.some((l) => l.slug === slug); n++) slug = `${base}-${n}`;
  const id = Math.max(0, ...all.map((l) => l.id)) + 1;
  const state = (dealer.locations?.[0]?.address?.state as string | undefined) ?? 'NSW';
  const next = structuredClone(doc);
  const list = (next.dealerships[dealership].locations ??= []) as Location[];
  list.push({ id, name: name.trim(), slug, address: { street: '', city: '', state, postcode: '' }, contact_detail: { phone: '', opening_hours: [] } });
  return { doc: next, index: list.length - 1 };
}

/** Removes a location; refused while something points at it (naming what), and for a dealership's only location. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
export function removeLocation(doc: Doc, schema: Record<string, any>, dealership: number, index: number): Doc {
  const dealer = doc.dealerships?.[dealership];
  const location = dealer?.locations?.[index] as Location | undefined;
  if (!location) throw new PageOperationError('There is no location there.');
  if (dealer.locations.length === 1) throw new PageOperationError(`${location.name} is the only location of ${dealer.name}; a dealership keeps at least one.`);
  const uses = locationUses(doc, schema, location.id);
  if (uses.length)
    throw new PageOperationError(`${location.name} is used by the ${uses.join(', ')}. Change or remove ${uses.length === 1 ? 'it' : 'them'} first.`);
  const next = structuredClone(doc);
  next.dealerships[dealership].locations.splice(index, 1);
  return next;
}
