// What publishing a changed template does to its tenants: every tenant of it (directly or through another template)
// whose resolved document changes, and which locked values change with it. A template's locked values reach every
// tenant (the validator refuses a tenant file overriding one), so the report lists each tenant a locked change touched.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { effectiveLocks, lockedValue } from '../document/locks';
import { loadTenantText } from './load';
import { readJsonFile, resolveDocument, resolveTenantJson } from './resolve';

export interface TemplateChangeReport {
  slug: string;
  /** Locked values of the template that change in this tenant ("block model-overview", "/theme/primary"). */
  lockedChanges: string[];
  /** Problems the tenant would have with the new template (it would not be served until fixed). */
  problems: string[];
}

const describeLock = (l: { block?: string; prop?: string; path?: string }) => (l.block ? `${l.prop ? `${l.prop} of ` : ''}block ${l.block}` : (l.path ?? ''));

/** The tenants whose document `newTemplate` (the new text of template `name`) changes, with their locked changes. */
export function templateChangeReport(
  templatesDir: string,
  tenants: { slug: string; text: string }[],
  name: string,
  newTemplate: string,
): TemplateChangeReport[] {
  const next = mkdtempSync(join(tmpdir(), 'template-change-'));
  try {
    cpSync(templatesDir, next, { recursive: true });
    writeFileSync(join(next, `${name}.json`), newTemplate);
    const report: TemplateChangeReport[] = [];
    for (const { slug, text } of tenants) {
      const file = JSON.parse(text);
      if (!usesTemplate(file.template, name, templatesDir)) continue;
      const before = resolveTenantJson(file, templatesDir);
      const after = resolveTenantJson(JSON.parse(text), next);
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      const template = resolveDocument({ template: file.template }, next);
      const lockedChanges = effectiveLocks(template, undefined)
        .filter((l) => JSON.stringify(lockedValue(before, l)) !== JSON.stringify(lockedValue(after, l)))
        .map(describeLock);
      const loaded = loadTenantText(slug, text, next);
      report.push({ slug, lockedChanges, problems: loaded.ok ? [] : loaded.problems.map((p) => `${p.path}: ${p.message}`) });
    }
    return report;
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

export type TemplatePublish = { written: true; report: TemplateChangeReport[] } | { written: false; report: TemplateChangeReport[] };

/**
 * Publishes a changed template (the CLI's --write and the editor's Publish template): nothing is written when a tenant
 * would not be served with it; otherwise `write` puts the new text in place of the template file, and the report lists
 * every tenant it changed (each shows the change when the server reloads it).
 */
export function publishTemplateChange(
  templatesDir: string,
  tenants: { slug: string; text: string }[],
  name: string,
  newTemplate: string,
  write: (path: string, text: string) => void,
): TemplatePublish {
  const report = templateChangeReport(templatesDir, tenants, name, newTemplate);
  if (report.some((r) => r.problems.length)) return { written: false, report };
  write(join(templatesDir, `${name}.json`), newTemplate);
  return { written: true, report };
}

/** Whether a tenant's template is `name` or extends it. */
function usesTemplate(template: unknown, name: string, templatesDir: string, seen: string[] = []): boolean {
  if (typeof template !== 'string' || seen.includes(template)) return false;
  if (template === name) return true;
  try {
    return usesTemplate(readJsonFile(join(templatesDir, `${template}.json`)).template, name, templatesDir, [...seen, template]);
  } catch {
    return false;
  }
}
