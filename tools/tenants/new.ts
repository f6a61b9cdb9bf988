// npm run tenants -- new: writes a new site's document and checks it as npm run validate does.
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadTenant, tenantFiles } from '../../runtime/tenants/load';
import { formatProblem } from '../../runtime/tenants/problems';
import { freeIds, newTenantDocument, newTenantProblems } from '../../runtime/tenants/new-tenant';
import { knownTemplates } from '../../runtime/tenants/resolve';
import { clashesWith, siteIdentity } from '../../runtime/tenants/checks/unique-across-tenants';

interface Options {
  slug?: string;
  template?: string;
  name?: string;
  url?: string;
  domains: string[];
}

/** Writes `<dir>/<slug>.json` and prints what to fill in next; false (and nothing written) when it cannot. */
export function createTenant(dir: string, options: Options): boolean {
  const templatesDir = join(dir, 'templates');
  const others = existsSync(dir) ? tenantFiles(dir).map((f) => loadTenant(f, templatesDir)) : [];
  const problems = newTenantProblems(
    options,
    knownTemplates(templatesDir),
    others.map((t) => t.slug),
  );
  if (problems.length) {
    console.error(`No site was created:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return false;
  }
  const ids = freeIds(others.flatMap((t) => (t.ok ? [t.doc] : [])));
  const doc = newTenantDocument({ ...(options as Required<Options>), ...ids, templateNavigation: templateNavigation(templatesDir, options.template!) });
  const file = join(dir, `${doc.slug}.json`);
  // Written first, then loaded through the same path as every tenant file, so what is checked is what is on disk.
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`, { flag: 'wx' });
  const loaded = loadTenant(file, templatesDir);
  const clashes = clashesWith(
    loaded.ok ? siteIdentity(loaded.doc) : { slug: doc.slug, domains: doc.domains ?? [] },
    others.map((t) => (t.ok ? siteIdentity(t.doc) : { slug: t.slug, domains: t.domains })),
  );
  const found = [...(loaded.ok ? [] : loaded.problems), ...clashes];
  if (found.length) {
    unlinkSync(file);
    console.error(`No site was created: the new document would not validate:\n${found.map((p) => formatProblem(relative(process.cwd(), file), p)).join('\n')}`);
    return false;
  }
  const shown = relative(process.cwd(), file);
  console.log(`Created ${shown} (template "${doc.template}", dealership id ${ids.dealershipId}, location id ${ids.locationId}). It validates as it is.
Next:
  - fill in the location's address, coordinates, phone and opening hours (dealerships[0].locations[0]): they are placeholders;
  - set the theme (colours and logo) and the home page's text, in the editor or in the file;
  - run npm run validate, then npm run demo to see it at http://${doc.slug}.localhost:3000/`);
  return true;
}

/** Which navigation parts the template (or a template it extends) gives. */
function templateNavigation(templatesDir: string, name: string): { header: boolean; footer: boolean } {
  const found = { header: false, footer: false };
  for (let next: string | undefined = name, depth = 0; next && depth < 10; depth++) {
    const template = JSON.parse(readFileSync(join(templatesDir, `${next}.json`), 'utf8'));
    found.header ||= Array.isArray(template.navigation?.header);
    found.footer ||= Array.isArray(template.navigation?.footer);
    next = template.template;
  }
  return found;
}
