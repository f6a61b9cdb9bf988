// Loads every tenant file of a folder: resolve its template, migrate, validate. A document that does not validate is
// kept with its problems so the server can refuse it (503) while every other tenant keeps serving.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { formatProblem, type Problem } from './problems';
import { lockViolations } from '../document/locks';
import { parseJsonText, resolveDocument, resolveTenantFile, resolveTenantJson } from './resolve';
import { validateTenantDocument } from './validate';

/**
 * What the server keeps of a site it has not had to render yet: what checks across sites (domains, dealership ids),
 * the demo stock, mail links and scheduled feeds need. The whole document is loaded on the site's first visit.
 */
export interface TenantSummary {
  slug: string;
  url?: string;
  domains: string[];
  dealerships: TenantDocument['dealerships'];
  /** The site imports a scheduled stock feed (settings.inventory.feed). */
  feed: boolean;
  /** The site mails its shoppers alerts (settings.alerts.enabled). */
  alerts: boolean;
}

export const summaryOf = (doc: TenantDocument): TenantSummary => ({
  slug: doc.slug,
  ...(doc.url !== undefined && { url: doc.url }),
  domains: doc.domains ?? [],
  dealerships: doc.dealerships,
  feed: Boolean(doc.settings.inventory?.feed),
  alerts: Boolean(doc.settings.alerts?.enabled),
});

export type LoadedTenant =
  // `summary`: given when `doc` is read on demand (from the tenant cache), so reading the summary costs nothing.
  | { file: string; slug: string; ok: true; doc: TenantDocument; summary?: TenantSummary }
  | { file: string; slug: string; ok: false; problems: Problem[]; domains: string[] };

export function tenantFiles(tenantsDir: string): string[] {
  return readdirSync(tenantsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(tenantsDir, f));
}

export function loadTenant(file: string, templatesDir: string): LoadedTenant {
  return loadTenantFrom(file, basename(file, '.json'), () => resolveTenantFile(file, templatesDir), templatesDir);
}

/**
 * Loads a tenant whose file contents come from elsewhere (the PostgreSQL tenant store): `text` is the tenant file's
 * JSON, `label` names it in problems (e.g. "postgres:harbourside-mazda").
 */
export function loadTenantText(slug: string, text: string, templatesDir: string, label = `${slug}.json`): LoadedTenant {
  return loadTenantFrom(label, slug, () => resolveTenantJson(parseJsonText(text, label), templatesDir), templatesDir);
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
function loadTenantFrom(file: string, fileSlug: string, resolve: () => Record<string, any>, templatesDir: string): LoadedTenant {
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  let resolved: Record<string, any>;
  try {
    resolved = resolve();
  } catch (e) {
    return { file, slug: fileSlug, ok: false, problems: [{ path: '(document)', message: (e as Error).message, code: 'resolve' }], domains: [] };
  }
  const result = validateTenantDocument(resolved);
  const problems: Problem[] = result.ok ? [] : result.problems;
  if (resolved.slug !== fileSlug)
    problems.push({ path: 'slug', message: `slug ${JSON.stringify(resolved.slug)} must match the file name "${fileSlug}"`, code: 'file-name' });
  problems.push(...templateLockProblems(resolved, templatesDir));
  if (result.ok && problems.length === 0) return { file, slug: fileSlug, ok: true, doc: result.doc };
  return { file, slug: fileSlug, ok: false, problems, domains: Array.isArray(resolved.domains) ? resolved.domains : [] };
}

/** A tenant may not override what its template locks (the template's value holds in every tenant of it). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
function templateLockProblems(resolved: Record<string, any>, templatesDir: string): Problem[] {
  if (typeof resolved.template !== 'string') return [];
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  let template: Record<string, any>;
  try {
    template = resolveDocument({ template: resolved.template }, templatesDir);
  } catch {
    return []; // an unknown template is reported by the resolver itself
  }
  if (!Array.isArray(template.locks) || template.locks.length === 0) return [];
  return lockViolations(resolved, template, undefined, true).map((v) => ({ path: 'locks', message: v.message, code: 'locked' }));
}

export function loadTenants(tenantsDir: string, templatesDir = join(tenantsDir, 'templates')): LoadedTenant[] {
  return tenantFiles(tenantsDir).map((f) => loadTenant(f, templatesDir));
}

export const describeProblems = (t: LoadedTenant & { ok: false }) => t.problems.map((p) => formatProblem(t.file, p)).join('\n');
