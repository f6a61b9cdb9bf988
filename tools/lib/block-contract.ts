// The block contract: every blocks/*/schema.json is checked against schemas/meta/block.schema.json before the tenant
// schema is assembled, so a block without a description or with an x- keyword nothing reads fails `npm run schemas`
// with a message naming the block and the keyword or property.
import Ajv, { type ErrorObject } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BlockSchemaFile, JsonSchema } from './schema-assembly';

const pathWords = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, seg, i, segs) => (seg === 'properties' && i + 1 < segs.length ? out : out ? `${out}.${seg}` : seg), '');

function contractProblem(type: string, e: ErrorObject, allowedAt: (pointer: string) => string[]): string {
  const file = `blocks/${type}/schema.json`;
  const where = e.instancePath ? `property "${pathWords(e.instancePath)}"` : 'the block';
  // biome-ignore lint/suspicious/noExplicitAny: Ajv's error params differ by keyword
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'required':
      return e.instancePath
        ? `${file}: ${where} has no "${p.missingProperty}" (every property needs a description: the editor shows it as help)`
        : `${file}: the block has no "${p.missingProperty}" (required: title, description, x-category, type, properties)`;
    case 'additionalProperties':
      return `${file}: unknown top-level keyword "${p.additionalProperty}"`;
    case 'propertyNames':
      return `${file}: ${where} uses the keyword "${p.propertyName}", which is not allowed there (allowed x- keywords: ${allowedAt(e.instancePath).join(', ')}; see README.md, 'Adding a block')`;
    case 'enum':
      return `${file}: ${pathWords(e.instancePath)} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${file}: ${pathWords(e.instancePath) || 'the block'} ${e.message}`;
  }
}

/** Problems of the block schemas against the meta-schema, one readable line each; empty when every block complies. */
export function blockContractProblems(blocks: BlockSchemaFile[], base: JsonSchema, root: string): string[] {
  const meta = JSON.parse(readFileSync(join(root, 'schemas/meta/block.schema.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(meta);
  const allowedAt = (pointer: string): string[] =>
    pointer === '' ? Object.keys(meta.properties).filter((k) => k.startsWith('x-')) : (meta.definitions.property.propertyNames.then.enum as string[]);
  const pageData: string[] = (base.definitions?.page?.properties?.data?.enum ?? []).filter((d: string) => d !== 'none');
  const problems: string[] = [];
  for (const { type, schema } of blocks) {
    if (!validate(schema)) {
      // propertyNames reports its "if"/"then" and "enum" besides itself: keep the one line that names the keyword.
      const errors = (validate.errors ?? []).filter(
        (e) => !['if', 'enum'].includes(e.keyword) || !(validate.errors ?? []).some((o) => o.keyword === 'propertyNames' && o.instancePath === e.instancePath),
      );
      problems.push(...new Set(errors.map((e) => contractProblem(type, e, allowedAt))));
    }
    const needs = schema['x-page-data'];
    if (typeof needs === 'string' && pageData.length && !pageData.includes(needs)) {
      problems.push(`blocks/${type}/schema.json: x-page-data "${needs}" is not a page data source (one of ${pageData.join(', ')})`);
    }
  }
  return problems;
}
