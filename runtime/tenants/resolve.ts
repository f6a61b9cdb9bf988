// Resolution of a tenant file: its template chain (templates may extend templates) merged with JSON Merge Patch,
// then migrated to the current schemaVersion. The resolved document is what validates and renders.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergePatch, type Json } from './merge-patch';
import { migrateDocument } from './migrations';

export class ResolveError extends Error {}

export interface TenantPaths {
  tenantsDir: string;
  templatesDir: string;
}

export function readJsonFile(path: string): Record<string, any> {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ResolveError(`${path} is not valid JSON: ${(e as Error).message}`);
  }
}

export function resolveDocument(file: Record<string, any>, templatesDir: string, seen: string[] = []): Record<string, any> {
  const templateName = file.template;
  if (typeof templateName !== 'string') return file;
  if (seen.includes(templateName)) throw new ResolveError(`template cycle: ${[...seen, templateName].join(' -> ')}`);
  const templatePath = join(templatesDir, `${templateName}.json`);
  if (!existsSync(templatePath)) throw new ResolveError(`template "${templateName}" does not exist (looked for ${templatePath})`);
  const template = readJsonFile(templatePath);
  // A template's own "template" names its parent; the tenant keeps its own template name.
  const base = template.template && template.template !== templateName ? resolveDocument(template, templatesDir, [...seen, templateName]) : template;
  return mergePatch(base as Json, file as Json) as Record<string, any>;
}

export function resolveTenantFile(path: string, templatesDir: string): Record<string, any> {
  const file = readJsonFile(path);
  const resolved = resolveDocument(file, templatesDir);
  resolved.template = file.template;
  delete resolved.$schema;
  return migrateDocument(resolved);
}
