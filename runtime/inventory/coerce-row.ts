import carSchema from '../../schemas/car.schema.json';

// Turns CSV text cells into typed values using the Car schema: numbers, booleans, lists, nested objects.
// Dotted headers ('location.address.city') build nested objects; list cells are 'a|b|c' or JSON.

type SchemaNode = {
  type?: string | string[];
  $ref?: string;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
};

const definitions = (carSchema as { definitions: Record<string, SchemaNode> }).definitions;

function resolve(node: SchemaNode | undefined): SchemaNode[] {
  if (!node) return [];
  if (node.$ref) return resolve(definitions[node.$ref.replace('#/definitions/', '')]);
  const branches = node.oneOf ?? node.anyOf;
  if (branches) return branches.flatMap(resolve);
  return [node];
}

/** Types a dotted field path may hold according to the schema (empty when unknown). */
export function typesAt(path: string[]): Set<string> {
  let nodes = resolve(carSchema as SchemaNode);
  for (const key of path) nodes = nodes.flatMap((n) => resolve(n.properties?.[key]));
  return new Set(nodes.flatMap((n) => (Array.isArray(n.type) ? n.type : n.type ? [n.type] : [])));
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);
const NUMBER = /^-?\$?\s*-?[\d,]*\.?\d+$/;

export function coerceCell(raw: string, types: Set<string>): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  if (text.toLowerCase() === 'null' && types.has('null')) return null;
  if ((types.has('number') || types.has('integer')) && NUMBER.test(text)) return Number(text.replace(/[$,\s]/g, ''));
  if (types.has('boolean')) {
    const lower = text.toLowerCase();
    if (TRUE_WORDS.has(lower)) return true;
    if (FALSE_WORDS.has(lower)) return false;
  }
  if ((types.has('array') || types.has('object')) && /^[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text; // left as text so validation names the field
    }
  }
  if (types.has('array'))
    return text
      .split('|')
      .map((item) => item.trim())
      .filter(Boolean);
  return text;
}

/** One CSV row as a Car-shaped object (not yet validated). */
export function rowToRecord(header: string[], cells: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  header.forEach((column, i) => {
    if (!column) return;
    const path = column.split('.');
    const value = coerceCell(cells[i] ?? '', typesAt(path));
    if (value === undefined) return;
    let target = record;
    for (const key of path.slice(0, -1)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[path[path.length - 1]!] = value;
  });
  return record;
}
