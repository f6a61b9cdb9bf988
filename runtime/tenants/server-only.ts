// Settings that must never reach the browser (CRM endpoints, keys) carry "x-server-only": true in their schema.
// The document sent to the browser is the document with every such value removed.
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;

function resolve(schema: Schema | undefined, root: Schema): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 20; i++) s = root.definitions?.[String(s.$ref).replace('#/definitions/', '')];
  return s;
}

const branches = new WeakMap<Schema, Map<unknown, Schema | undefined>>();

/** The branch of a discriminated oneOf (blocks) that applies to a value (looked up once per schema and tag). */
function branchFor(schema: Schema, value: Record<string, unknown>, root: Schema): Schema | undefined {
  const tag = schema.discriminator?.propertyName;
  if (!tag || !Array.isArray(schema.oneOf)) return undefined;
  let byTag = branches.get(schema);
  if (!byTag) branches.set(schema, (byTag = new Map()));
  if (!byTag.has(value[tag]))
    byTag.set(
      value[tag],
      schema.oneOf.map((b: Schema) => resolve(b, root)).find((b: Schema | undefined) => b?.properties?.[tag]?.const === value[tag]),
    );
  return byTag.get(value[tag]);
}

const SERVER_ONLY = '"x-server-only":true';
const REF = /"\$ref":"#\/definitions\/([^"]+)"/g;
const holdingDefinitions = new WeakMap<Schema, Set<string>>();
const holding = new WeakMap<Schema, boolean>();

/** Names of the root's definitions under which a server-only value may sit, directly or through their refs. */
function definitionsHolding(root: Schema): Set<string> {
  let names = holdingDefinitions.get(root);
  if (names) return names;
  names = new Set();
  const refs = new Map<string, string[]>();
  for (const [name, def] of Object.entries(root.definitions ?? {})) {
    const text = JSON.stringify(def);
    if (text.includes(SERVER_ONLY)) names.add(name);
    refs.set(
      name,
      [...text.matchAll(REF)].map((m) => m[1] as string),
    );
  }
  // One that refers to a holding definition holds too: repeat until no name is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, to] of refs)
      if (!names.has(name) && to.some((r) => names.has(r))) {
        names.add(name);
        grew = true;
      }
  }
  holdingDefinitions.set(root, names);
  return names;
}

/**
 * Whether a value of this schema may hold a server-only value. Most of a document (its pages' blocks) holds none: such
 * a part is passed on as it is, so a site's first page does not copy its whole document.
 */
function mayHoldServerOnly(schema: Schema, root: Schema): boolean {
  let v = holding.get(schema);
  if (v === undefined) {
    const text = JSON.stringify(schema);
    const names = definitionsHolding(root);
    v = text.includes(SERVER_ONLY) || [...text.matchAll(REF)].some((m) => names.has(m[1] as string));
    holding.set(schema, v);
  }
  return v;
}

/** The value without its server-only parts; a part that cannot hold one is the same object, not a copy. */
export function stripServerOnly<T>(value: T, schema: Schema, root: Schema = schema): T {
  const s = resolve(schema, root);
  if (!s || value === null || typeof value !== 'object' || !mayHoldServerOnly(s, root)) return value;
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
