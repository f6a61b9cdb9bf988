// Checks across tenant documents (the per-document checks in this folder see one document at a time): a site id
// (slug) and a domain belong to one site only, or one site's staff could publish another's domain and take its host;
// a dealership id belongs to one site only, because stock is filed under it (another site's cars would show here).
// Used by `npm run validate`, the server's loading of the tenants folder and the editor's publish.
import type { Problem } from '../problems';

export interface SiteIdentity {
  slug: string;
  domains: readonly string[];
  /** The ids of the site's dealerships (the stock feed files cars under them). */
  dealershipIds?: readonly number[];
}

/** The identity of a document as the checks across sites compare it. */
export function siteIdentity(doc: { slug: string; domains?: readonly string[]; dealerships?: readonly { id: number }[] }): SiteIdentity {
  return { slug: doc.slug, domains: doc.domains ?? [], dealershipIds: (doc.dealerships ?? []).map((d) => d.id) };
}

/** How a host name is compared: case-insensitive, without a trailing dot. */
export const normaliseDomain = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');

/**
 * The hosts a listed domain answers on: the domain itself and its www. form (shoppers type either), unless it starts
 * with www. already. The registry serves exactly these and the checks across sites compare exactly these, so a host
 * one site answers on can never be claimed by another.
 */
export function hostsOfDomain(domain: string): string[] {
  const host = normaliseDomain(domain);
  return host.startsWith('www.') ? [host] : [host, `www.${host}`];
}

const UNIQUE_ACROSS_TENANTS = 'unique-across-tenants';

/**
 * Problems of `site` against `others` (other sites; an entry with the same slug is treated as another document
 * claiming that slug). A message names the clashing domain only, never the other site.
 */
export function clashesWith(site: SiteIdentity, others: readonly SiteIdentity[]): Problem[] {
  const problems: Problem[] = [];
  const owned = new Set<string>();
  for (const other of others) for (const d of other.domains) for (const host of hostsOfDomain(d)) owned.add(host);
  if (others.some((o) => o.slug === site.slug)) {
    problems.push({ path: 'slug', message: `site id ${JSON.stringify(site.slug)} is already used by another site`, code: UNIQUE_ACROSS_TENANTS });
  }
  const dealershipIds = new Set(others.flatMap((o) => o.dealershipIds ?? []));
  site.dealershipIds?.forEach((id, i) => {
    if (dealershipIds.has(id))
      problems.push({
        path: `dealerships[${i}].id`,
        message: `dealership id ${id} already belongs to another site (its stock is filed under it); choose another id`,
        code: UNIQUE_ACROSS_TENANTS,
      });
  });
  site.domains.forEach((d, i) => {
    const domain = normaliseDomain(d);
    const taken = hostsOfDomain(d).find((host) => owned.has(host));
    if (taken) {
      problems.push({
        path: `domains[${i}]`,
        message:
          taken === domain
            ? `domain ${JSON.stringify(domain)} is already served by another site; a domain can belong to one site only`
            : `domain ${JSON.stringify(domain)} would also answer on ${JSON.stringify(taken)}, which is already served by another site; a domain can belong to one site only`,
        code: UNIQUE_ACROSS_TENANTS,
      });
    }
  });
  return problems;
}

/** Every site's clashes with the sites before it in `sites` (the first to claim a domain or slug keeps it). */
export function crossTenantProblems(sites: readonly SiteIdentity[]): Map<number, Problem[]> {
  const found = new Map<number, Problem[]>();
  sites.forEach((site, i) => {
    const problems = clashesWith(site, sites.slice(0, i));
    if (problems.length) found.set(i, problems);
  });
  return found;
}
