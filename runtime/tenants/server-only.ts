// Settings that must never reach the browser (CRM endpoints, keys) carry "x-server-only": true in their schema.
// The document sent to the browser is the document with every such value removed.
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;

function resolve(schema: Schema | undefined, root: Schema): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 20; i++) s = root.definitions?.[String(s.$ref).replace('#/definitions/', '')];
  return s;
}

/** The branch of a discriminated oneOf (blocks) that applies to a value. */
function branchFor(schema: Schema, value: Record<string, unknown>, root: Schema): Schema | undefined {
  const tag = schema.discriminator?.propertyName;
  if (!tag || !Array.isArray(schema.oneOf)) return undefined;
  return schema.oneOf.map((b: Schema) => resolve(b, root)).find((b: Schema | undefined) => b?.properties?.[tag]?.const === value[tag]);
}

export function stripServerOnly<T>(value: T, schema: Schema, root: Schema = schema): T {
  const s = resolve(schema, root);
  if (!s || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return (s.items ? value.map((v) => stripServerOnly(v, s.items, root)) : value) as T;
  const branch = branchFor(s, value as Record<string, unknown>, root);
  if (branch) return stripServerOnly(value, branch, root);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const sub = resolve(s.properties?.[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined), root);
    if (sub?.['x-server-only']) continue;
    out[key] = sub ? stripServerOnly(v, sub, root) : v;
  }
  return out as T;
}
