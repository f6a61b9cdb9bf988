// Moves tenant documents between the tenants folder and PostgreSQL (`npm run tenants -- import|export`, tools/tenants.ts).
// Import validates every file first (as `npm run validate` does) and writes nothing when one fails; each imported file
// reaches running servers through NOTIFY. Export writes the store's files back into a folder, each atomically, so
// `npm run validate` and git see exactly what the servers serve.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadTenant, loadTenantText, tenantFiles } from '../tenants/load';
import { formatProblem } from '../tenants/problems';
import { writeFileAtomic } from './atomic-write';
import { FileTenantDocumentStore, SLUG, type TenantDocumentStore } from './document-store';
import type { PgTenantDocumentStore } from './pg-document-store';

export interface TransferReport {
  written: string[];
  problems: string[];
  revisions: number;
}

export async function importTenants(
  store: PgTenantDocumentStore,
  tenantsDir: string,
  options: { templatesDir?: string; revisionsDir?: string; only?: string[] } = {},
): Promise<TransferReport> {
  const templatesDir = options.templatesDir ?? join(tenantsDir, 'templates');
  const files = new FileTenantDocumentStore(tenantsDir, options.revisionsDir ?? join(tenantsDir, '.no-revisions'));
  const slugs = (await files.slugs()).filter((s) => !options.only?.length || options.only.includes(s));
  const problems: string[] = [];
  const texts: { slug: string; text: string }[] = [];
  for (const slug of slugs) {
    const file = files.fileOf(slug)!;
    const loaded = loadTenant(file, templatesDir);
    if (!loaded.ok) problems.push(...loaded.problems.map((p) => formatProblem(file, p)));
    else texts.push({ slug, text: (await files.readText(slug))! });
  }
  if (problems.length) return { written: [], problems, revisions: 0 };
  await store.importTexts(texts);
  let revisions = 0;
  if (options.revisionsDir && existsSync(options.revisionsDir)) {
    for (const { slug } of texts) {
      const all = (await files.list(slug)).reverse();
      const full = await Promise.all(all.map((m) => files.get(slug, m.rev)));
      revisions += await store.importRevisions(
        slug,
        full.filter((r) => r !== undefined),
      );
    }
  }
  return { written: texts.map((t) => t.slug), problems, revisions };
}

/** Writes every tenant file of the store into `toDir` (templates are not touched). Files that do not load are still
 *  written (they are what the store holds) and reported. */
export async function exportTenants(store: TenantDocumentStore, toDir: string, templatesDir = join(toDir, 'templates')): Promise<TransferReport> {
  const written: string[] = [];
  const problems: string[] = [];
  for (const slug of await store.slugs()) {
    if (!SLUG.test(slug)) continue;
    const text = await store.readText(slug);
    if (text === undefined) continue;
    const file = join(toDir, `${slug}.json`);
    writeFileAtomic(file, text);
    written.push(slug);
    const loaded = loadTenantText(slug, text, templatesDir, file);
    if (!loaded.ok) problems.push(...loaded.problems.map((p) => formatProblem(file, p)));
  }
  return { written, problems, revisions: 0 };
}

/** Tenant files in `dir` that the store does not hold (export leaves them; the caller may say so). */
export async function filesNotInStore(store: TenantDocumentStore, dir: string): Promise<string[]> {
  const held = new Set(await store.slugs());
  return tenantFiles(dir)
    .map((f) => f.slice(f.lastIndexOf('/') + 1, -'.json'.length))
    .filter((s) => !held.has(s));
}
