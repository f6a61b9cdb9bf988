// Copies of one demo tenant for scale tests (bench:tenants, the cluster test's many-sites run): each with its own slug
// (site-00001, ...), name, url, domains, and dealership and location ids (references to them renumbered too), so
// every copy validates beside the others and the demo tenants.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// biome-ignore lint/suspicious/noExplicitAny: a tenant document walked by key to renumber its ids
type Json = any;

/** Copy `k` of the tenant: slug, domains, url, dealership and location ids (and references to them) made unique. */
function tenantCopy(doc: Json, k: number): Json {
  const copy = structuredClone(doc);
  const slug = `site-${String(k).padStart(5, '0')}`;
  copy.slug = slug;
  copy.name = `${doc.name} ${k}`;
  copy.url = `https://www.${slug}.example`;
  copy.domains = [`${slug}.example`, `www.${slug}.example`];
  const ids = new Map<number, number>();
  // Ids well above the demo tenants' (hundreds and thousands), 100 apart per copy: room for each copy's own ids.
  let next = 1_000_000 + k * 100;
  for (const d of copy.dealerships ?? []) {
    ids.set(d.id, next);
    d.id = next++;
    for (const l of d.locations ?? []) {
      ids.set(l.id, next);
      l.id = next++;
    }
  }
  const renumber = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(renumber);
    if (v && typeof v === 'object') {
      for (const [key, value] of Object.entries(v)) {
        if (/^(locationIds?|dealershipIds?|location_id|dealership_id|locationId|dealershipId)$/.test(key)) {
          v[key] = Array.isArray(value) ? value.map((x) => ids.get(x as number) ?? x) : (ids.get(value as number) ?? value);
        } else v[key] = renumber(value);
      }
    }
    return v;
  };
  return renumber(copy);
}

/** Writes copies 1..n of the tenant file `source` into `dir`; returns their slugs and names. */
export function writeTenantCopies(source: string, dir: string, n: number): { slug: string; name: string }[] {
  const doc = JSON.parse(readFileSync(source, 'utf8'));
  const slugs: { slug: string; name: string }[] = [];
  for (let k = 1; k <= n; k++) {
    const copy = tenantCopy(doc, k);
    writeFileSync(join(dir, `${copy.slug}.json`), JSON.stringify(copy, null, 2));
    slugs.push({ slug: copy.slug, name: copy.name });
  }
  return slugs;
}
