// Adding and removing dealerships as pure functions (each returns a new document), shared by the editor and the
// validator's checks. A dealership's id files its stock in the feed across all sites, so a new one takes an id no site
// uses (the check across sites, runtime/tenants/checks/unique-across-tenants.ts, refuses a clash on publish and in CI);
// one is only removed while nothing refers to it: stock filed under it, blocks, menus and settings naming it or its
// locations, each named in the refusal so staff know what to change first.
import type { TenantDocument } from '../../schemas/generated/tenant';
import { blockDefinition, pageBlocks } from '../tenants/checks/page-blocks';
import { annotatedValues, settingsReferences } from '../tenants/checks/references';
import { locationUses } from './locations';
import { PageOperationError } from './pages';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Doc = Record<string, any>;
interface Dealership {
  id: number;
  name: string;
  slug: string;
  locations?: { id: number; name: string; slug: string; address?: { state?: string } }[];
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The smallest id above every id in use, on this site and on the others (ids are never reused: old stock keeps them). */
export function nextDealershipId(doc: Doc, takenByOtherSites: Iterable<number>): number {
  return Math.max(0, ...((doc.dealerships ?? []) as Dealership[]).map((d) => d.id), ...takenByOtherSites) + 1;
}

/**
 * Adds a dealership with one location (a dealership has at least one) named after it: a fresh id unique across sites,
 * slugs unique in the document, the first location's state; address and phone are left for staff to fill in (the
 * validator shows them as problems until they are). Returns the new document and the dealership's index.
 */
export function addDealership(doc: Doc, name: string, takenByOtherSites: Iterable<number>): { doc: Doc; index: number } {
  const title = name.trim();
  if (!title) throw new PageOperationError('Give the dealership a name.');
  const dealerships = (doc.dealerships ?? []) as Dealership[];
  const locations = dealerships.flatMap((d) => d.locations ?? []);
  const unique = (base: string, taken: string[]) => {
    let slug = base;
    for (let n = 2; taken.includes(slug); n++) slug = `${base}-${n}`;
    return slug;
  };
  const slug = unique(
    slugOf(title) || 'dealership',
    dealerships.map((d) => d.slug),
  );
  const state = locations[0]?.address?.state ?? 'NSW';
  const location = {
    id: Math.max(0, ...locations.map((l) => l.id)) + 1,
    name: title,
    slug: unique(
      slug,
      locations.map((l) => l.slug),
    ),
    address: { street: '', city: '', state, postcode: '' },
    contact_detail: { phone: '', opening_hours: [] },
  };
  const next = structuredClone(doc);
  const list = (next.dealerships ??= []) as Dealership[];
  list.push({ id: nextDealershipId(doc, takenByOtherSites), name: title, slug, locations: [location] });
  return { doc: next, index: list.length - 1 };
}

/** Everything that refers to a dealership, in words. `stockCount` is the number of cars filed under it (the server's). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
export function dealershipUses(doc: Doc, schema: Record<string, any>, index: number, stockCount = 0): string[] {
  const dealer = doc.dealerships?.[index] as Dealership | undefined;
  if (!dealer) return [];
  const uses: string[] = [];
  if (stockCount > 0) uses.push(`${stockCount} car${stockCount === 1 ? '' : 's'} in stock`);
  // Its locations go with it: what uses them (blocks, menu links to their pages, settings) uses the dealership.
  for (const location of dealer.locations ?? []) for (const use of locationUses(doc, schema, location.id)) uses.push(`${use} (location ${location.name})`);
  for (const { block, route } of pageBlocks(doc as TenantDocument)) {
    const def = blockDefinition(schema, block.type);
    if (!def || !block.props) continue;
    const seen = [...annotatedValues(block.props, def.properties.props, schema, '')].some(([value, , kind]) => kind === 'dealership' && value === dealer.id);
    const entry = `block "${block.id}" on page ${route}`;
    if (seen && !uses.some((u) => u.startsWith(entry))) uses.push(entry);
  }
  for (const [value, path, kind] of settingsReferences(doc, schema)) if (kind === 'dealership' && value === dealer.id) uses.push(`setting ${path}`);
  return uses;
}

/** Removes a dealership and its locations; refused for the site's only one and while anything refers to it. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
export function removeDealership(doc: Doc, schema: Record<string, any>, index: number, stockCount = 0): Doc {
  const dealer = doc.dealerships?.[index] as Dealership | undefined;
  if (!dealer) throw new PageOperationError('There is no dealership there.');
  if (doc.dealerships.length === 1) throw new PageOperationError(`${dealer.name} is the only dealership of this site; a site keeps at least one.`);
  const uses = dealershipUses(doc, schema, index, stockCount);
  if (uses.length) throw new PageOperationError(`${dealer.name} is used by ${uses.join(', ')}. Change or remove ${uses.length === 1 ? 'it' : 'them'} first.`);
  const next = structuredClone(doc);
  next.dealerships.splice(index, 1);
  return next;
}
