// Resolution of a tenant file: its template chain (templates may extend templates) merged with JSON Merge Patch,
// then migrated to the current schemaVersion. The resolved document is what validates and renders.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { jsonDepthExceeds } from './json-depth';
import { mergePatch, type Json } from './merge-patch';
import { migrateDocument } from './migrations';

class ResolveError extends Error {}

/** Far deeper than any tenant document or template (about 12 levels); deeper files are refused before parsing. */
const MAX_DOCUMENT_DEPTH = 64;

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
export function readJsonFile(path: string): Record<string, any> {
  return parseJsonText(readFileSync(path, 'utf8'), path);
}

/** JSON text of a tenant document or template (from a file or a database row), refused when nested too deep. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
export function parseJsonText(text: string, name: string): Record<string, any> {
  if (jsonDepthExceeds(text, MAX_DOCUMENT_DEPTH)) throw new ResolveError(`${basename(name)} is nested more than ${MAX_DOCUMENT_DEPTH} levels deep`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ResolveError(`${name} is not valid JSON: ${jsonErrorWithLine(text, (e as Error).message)}`);
  }
}

/** JSON.parse's message with the line and column of its character offset, which is what an editor can jump to. */
export function jsonErrorWithLine(text: string, message: string): string {
  const offset = message.match(/at position (\d+)/)?.[1] ?? (/end of JSON input/.test(message) ? String(text.length) : undefined);
  if (offset === undefined) return message;
  const before = text.slice(0, Number(offset));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  // Newer Node versions add "(line L column C)" themselves.
  return `${message.replace(/ \(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '')} at line ${line}, column ${column}`;
}

/** A template's name: the file name in the templates folder without ".json" (the schema's pattern for "template"). */
export const TEMPLATE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Names of the templates in the templates folder. */
export function knownTemplates(templatesDir: string): string[] {
  try {
    return readdirSync(templatesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .filter((n) => TEMPLATE_NAME.test(n))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The file of a template, read only from inside the templates folder: a name that is not a known template (a path,
 * "../a-tenant", an encoded form) gets the same answer whether or not such a file exists anywhere.
 */
function templateFile(name: unknown, templatesDir: string): string {
  const known = knownTemplates(templatesDir);
  if (typeof name !== 'string' || !TEMPLATE_NAME.test(name) || !known.includes(name)) {
    throw new ResolveError(`template ${JSON.stringify(name)} is not one of the templates (${known.join(', ')})`);
  }
  const folder = resolve(templatesDir);
  const path = resolve(folder, `${name}.json`);
  if (!path.startsWith(folder + sep)) throw new ResolveError(`template ${JSON.stringify(name)} is not one of the templates (${known.join(', ')})`);
  return path;
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
export function resolveDocument(file: Record<string, any>, templatesDir: string, seen: string[] = []): Record<string, any> {
  const templateName = file.template;
  if (typeof templateName !== 'string') return file;
  if (seen.includes(templateName)) throw new ResolveError(`template cycle: ${[...seen, templateName].join(' -> ')}`);
  const template = readJsonFile(templateFile(templateName, templatesDir));
  // A template's own "template" names its parent; the tenant keeps its own template name.
  const base = template.template && template.template !== templateName ? resolveDocument(template, templatesDir, [...seen, templateName]) : template;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  return mergePatch(base as Json, file as Json) as Record<string, any>;
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
export function resolveTenantFile(path: string, templatesDir: string): Record<string, any> {
  return resolveTenantJson(readJsonFile(path), templatesDir);
}

/** The resolved document of a tenant file's contents (read from a file or from the PostgreSQL tenant store). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
export function resolveTenantJson(file: Record<string, any>, templatesDir: string): Record<string, any> {
  const resolved = resolveDocument(file, templatesDir);
  resolved.template = file.template;
  delete resolved.$schema;
  return migrateDocument(resolved);
}
