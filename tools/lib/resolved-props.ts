// The shape of a block's props after the tenant validator has filled the schema's defaults in.
import type { JsonSchema } from './schema-assembly';

/**
 * A block's props as its component receives them: the tenant validator (Ajv with useDefaults) fills in every default
 * before a document is served or previewed, so a property with a default is required here. Ajv fills a nested default
 * only where its parent object exists, so optional objects without a default stay optional.
 */
export function resolvedPropsSchema(schema: JsonSchema, { serverOnly = 'optional' }: { serverOnly?: 'optional' | 'required' } = {}): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: JsonSchema = { ...(node as JsonSchema) };
    if (out.items) out.items = walk(out.items);
    if (out.additionalProperties && typeof out.additionalProperties === 'object') out.additionalProperties = walk(out.additionalProperties);
    if (out.properties) {
      out.properties = Object.fromEntries(Object.entries(out.properties as JsonSchema).map(([k, v]) => [k, walk(v)]));
      // An x-server-only value is removed from the document the browser gets, default or not: it stays optional
      // (unless the caller types what the server reads: settings).
      const defaulted = Object.entries(out.properties as JsonSchema)
        .filter(([, v]) => v && typeof v === 'object' && 'default' in v && (serverOnly === 'required' || !v['x-server-only']))
        .map(([k]) => k);
      const required = [...new Set([...(out.required ?? []), ...defaulted])];
      if (required.length) out.required = required;
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}

/** Paths of the properties `resolved` requires that `value` lacks (empty: the value has every default filled in). */
export function missingResolvedProps(value: unknown, resolved: JsonSchema, path = ''): string[] {
  if (Array.isArray(value)) return resolved.items ? value.flatMap((v, i) => missingResolvedProps(v, resolved.items, `${path}[${i}]`)) : [];
  if (!value || typeof value !== 'object' || !resolved.properties) return [];
  const record = value as Record<string, unknown>;
  return [
    ...((resolved.required ?? []) as string[]).filter((k) => !(k in record)).map((k) => `${path}.${k}`),
    ...Object.entries(resolved.properties as Record<string, JsonSchema>).flatMap(([k, sub]) =>
      k in record ? missingResolvedProps(record[k], sub, `${path}.${k}`) : [],
    ),
  ];
}
