// The one validator of tenant documents: Ajv over the assembled schema plus the cross-document checks.
// The same code runs in CI (npm run validate), at server start, in the editor and on every save.
import type { ErrorObject } from 'ajv';
import tenantSchema from '../../schemas/tenant.schema.json';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { runChecks } from './checks';
import { cloneJsonTree, MAX_JSON_DEPTH, valueDepthExceeds } from './json-depth';
import { pointerToPath, type Problem } from './problems';
import { tenantSchemaValidator } from './tenant-schema-validator';
import { themeContrastWarnings } from '../domain/theme/contrast';

export { createAjv } from './tenant-schema-validator';

export type ValidationResult = { ok: true; doc: TenantDocument; problems: [] } | { ok: false; problems: Problem[] };

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;

const knownBlockTypes = (): string[] =>
  (Object.values((tenantSchema as Schema).definitions) as Schema[])
    .map((d) => d?.properties?.type?.const)
    .filter((t): t is string => typeof t === 'string')
    .sort();

/** Validates a resolved document. On success returns a copy with every schema default filled in. */
export function validateTenantDocument(input: unknown): ValidationResult {
  // Checked without recursion before anything walks the document (the copy, Ajv, the checks).
  if (valueDepthExceeds(input, MAX_JSON_DEPTH))
    return { ok: false, problems: [{ path: '(document)', message: `the document is nested more than ${MAX_JSON_DEPTH} levels deep`, code: 'schema' }] };
  const doc = cloneJsonTree(input);
  const validate = tenantSchemaValidator();
  return validationResult(doc, validate(doc) ? [] : (validate.errors ?? []));
}

/** The result for a document Ajv has checked (and filled with defaults): its errors described, then the checks. */
export function validationResult(doc: unknown, ajvErrors: ErrorObject[]): ValidationResult {
  const problems = ajvErrors.map((e) => describeAjvError(e, doc));
  if (doc && typeof doc === 'object') problems.push(...runChecks(doc as TenantDocument, tenantSchema as Schema));
  const unique = dedupe(problems);
  return unique.length ? { ok: false, problems: unique } : { ok: true, doc: doc as TenantDocument, problems: [] };
}

/**
 * Warnings: what a document may publish with but should fix (theme colours below WCAG AA contrast). The validator
 * prints them without failing; the editor lists them under its problems.
 */
export function documentWarnings(doc: unknown): Problem[] {
  const theme = doc && typeof doc === 'object' ? (doc as { theme?: unknown }).theme : undefined;
  if (!theme || typeof theme !== 'object') return [];
  return themeContrastWarnings(theme as TenantDocument['theme']).map((w) => ({ ...w, code: 'contrast' }));
}

/** The note blockContext adds; two reports of one fault differ only by it (the schema's and a check's). */
const BLOCK_CONTEXT = / \(in block "[^"]*"(?: of type [^)]*)?\)$/;

/**
 * Theme contrast in CI: below WCAG AA fails the document unless its theme says why the site accepts it
 * (`theme.lowContrastAccepted`), in which case the same findings stay warnings.
 */
export function contrastFindings(doc: unknown): { errors: Problem[]; warnings: Problem[] } {
  const findings = documentWarnings(doc);
  const accepted = (doc as { theme?: { lowContrastAccepted?: string } } | null)?.theme?.lowContrastAccepted;
  if (accepted) return { errors: [], warnings: findings };
  const hint = ' (or state why the site accepts it in theme.lowContrastAccepted)';
  return { errors: findings.map((f) => ({ ...f, message: f.message + hint })), warnings: [] };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message.replace(BLOCK_CONTEXT, '')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const describeValue = (v: unknown) =>
  v === undefined
    ? 'nothing'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'a list'
        : typeof v === 'string'
          ? `the text ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`
          : typeof v === 'object'
            ? 'an object'
            : `${typeof v} ${JSON.stringify(v)}`;

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function valueAt(doc: unknown, pointer: string): unknown {
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  let node: any = doc;
  for (const seg of pointer.split('/').slice(1)) {
    if (node == null) return undefined;
    node = node[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** Names the enclosing block, so an error inside a page says which block it is in. */
function blockContext(doc: unknown, pointer: string): string {
  const m = pointer.match(/^(.*\/blocks\/\d+(?:\/slots\/[^/]+\/\d+)*)/);
  if (!m?.[1]) return '';
  const block = valueAt(doc, m[1]) as { id?: string; type?: string } | undefined;
  return block?.id ? ` (in block "${block.id}"${block.type ? ` of type ${block.type}` : ''})` : '';
}

function describeAjvError(e: ErrorObject, doc: unknown): Problem {
  const at = (pointer: string, message: string): Problem => ({ path: pointerToPath(pointer), message: message + blockContext(doc, pointer), code: 'schema' });
  const value = valueAt(doc, e.instancePath);
  // biome-ignore lint/suspicious/noExplicitAny: Ajv's error params differ by keyword
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'required':
      return at(`${e.instancePath}/${p.missingProperty}`, `required field "${p.missingProperty}" is missing`);
    case 'additionalProperties': {
      const allowed = Object.keys((e.parentSchema as Schema)?.properties ?? {});
      return at(
        `${e.instancePath}/${p.additionalProperty}`,
        `unknown field "${p.additionalProperty}"${allowed.length ? `; allowed fields: ${allowed.join(', ')}` : ''}`,
      );
    }
    case 'type':
      return at(
        e.instancePath,
        `must be ${String(p.type)
          .split(',')
          .map((t) => typeWords[t] ?? t)
          .join(' or ')}, but is ${describeValue(value)}`,
      );
    case 'enum':
      return at(e.instancePath, `must be one of ${p.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}, but is ${describeValue(value)}`);
    case 'const':
      return at(e.instancePath, `must be ${JSON.stringify(p.allowedValue)}, but is ${describeValue(value)}`);
    case 'discriminator':
      return p.error === 'mapping'
        ? at(`${e.instancePath}/type`, `unknown block type ${JSON.stringify(p.tagValue)}; known types: ${knownBlockTypes().join(', ')}`)
        : at(`${e.instancePath}/type`, `block type must be text, but is ${describeValue(p.tagValue)}`);
    case 'pattern': {
      const hint = (e.parentSchema as Schema)?.description;
      return at(e.instancePath, `${describeValue(value)} does not have the expected form${hint ? ` (${hint.replace(/\.$/, '')})` : ` (pattern ${p.pattern})`}`);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return at(
        e.instancePath,
        `must be ${e.keyword === 'minimum' ? 'at least' : e.keyword === 'maximum' ? 'at most' : e.keyword === 'exclusiveMinimum' ? 'more than' : 'less than'} ${p.limit}, but is ${JSON.stringify(value)}`,
      );
    case 'minLength':
      return at(e.instancePath, p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long`);
    case 'maxLength':
      return at(e.instancePath, `must be at most ${p.limit} characters long`);
    case 'minItems':
      return at(e.instancePath, `must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`);
    case 'format':
      return at(e.instancePath, `${describeValue(value)} is not a valid ${p.format}`);
    case 'propertyNames':
      return at(e.instancePath, `has an invalid key ${JSON.stringify(p.propertyName)}`);
    default:
      return at(e.instancePath, e.message ?? 'is invalid');
  }
}
