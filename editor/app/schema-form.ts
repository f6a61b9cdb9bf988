// Maps JSON Schemas (block props, site settings) to form fields: the editor has no list of blocks or settings, so a
// new block or setting appears in it without editor changes. The widgets: text, textarea, image, colour, number,
// select, checkboxes (a list of choices), yes/no, list and group (nested object).
import { altRule, type AltRule } from '../../runtime/tenants/checks/image-alt';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;

interface Common {
  key: string;
  label: string;
  description?: string;
  default?: unknown;
  required: boolean;
  /** Also accepts null (e.g. "integer or null"); an empty input means null. */
  nullable?: boolean;
  /** The value names a location, dealership or page of this document. */
  ref?: 'location' | 'dealership' | 'page';
  /** The schema's `x-widget`: a registered widget (editor/app/widget-registry.ts) renders the field when there is one. */
  widget?: string;
  /** An image prop's alt rule (`x-alt`): the sibling prop holding its description. */
  alt?: AltRule;
  /** An image prop's `x-focal`: the sibling prop holding its focal point. */
  focal?: string;
}

export type FieldSpec =
  | (Common & { kind: 'text' | 'textarea' | 'image' | 'colour'; minLength?: number; maxLength?: number; pattern?: string; format?: string })
  | (Common & { kind: 'number'; integer: boolean; min?: number; max?: number; exclusiveMin?: number; exclusiveMax?: number })
  | (Common & { kind: 'select'; options: { value: string | number; label: string }[] })
  | (Common & { kind: 'checkboxes'; options: { value: string | number; label: string }[] })
  | (Common & { kind: 'boolean' })
  | (Common & { kind: 'list'; item: FieldSpec; minItems?: number; maxItems?: number })
  | (Common & { kind: 'object'; fields: FieldSpec[] })
  | (Common & { kind: 'unsupported' });

/** "makesShownBeforeShowAll" -> "Makes shown before show all"; "start_hour" -> "Start hour". */
export function humanise(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Follows "$ref": "#/definitions/x" into the root schema; keywords beside the $ref (a description) win. */
function resolveRef(schema: Schema, root: Schema): Schema {
  let node = schema;
  for (let guard = 0; node?.$ref && guard < 20; guard++) {
    const target = String(node.$ref)
      .replace(/^#\//, '')
      .split('/')
      // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
      .reduce((n: any, seg: string) => n?.[seg], root);
    if (!target) break;
    const { $ref: _ref, ...rest } = node;
    node = { ...target, ...rest };
  }
  return node;
}

const optionLabel = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function fieldFor(key: string, raw: Schema, root: Schema, required = false): FieldSpec {
  const schema = resolveRef(raw, root);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null');
  const type = types.find((t) => t !== 'null') ?? (schema.enum ? typeof schema.enum[0] : schema.properties ? 'object' : undefined);
  const common: Common = {
    key,
    label: schema.title && !/^[A-Z][A-Za-z]+$/.test(schema.title) ? schema.title : humanise(key),
    description: schema.description,
    default: schema.default,
    required,
    ...(nullable ? { nullable } : {}),
    ...(schema['x-ref'] ? { ref: schema['x-ref'] } : {}),
    ...(typeof schema['x-widget'] === 'string' ? { widget: schema['x-widget'] } : {}),
    ...(altRule(schema) ? { alt: altRule(schema) } : {}),
    ...(typeof schema['x-focal'] === 'string' ? { focal: schema['x-focal'] } : {}),
  };
  if (Array.isArray(schema.enum))
    return {
      ...common,
      kind: 'select',
      options: (schema.enum as (string | number | null)[]).filter((v): v is string | number => v !== null).map((v) => ({ value: v, label: optionLabel(v) })),
    };
  switch (type) {
    case 'string': {
      const widget = schema['x-widget'];
      const kind = widget === 'colour' ? 'colour' : widget === 'image' ? 'image' : widget === 'textarea' ? 'textarea' : 'text';
      return { ...common, kind, minLength: schema.minLength, maxLength: schema.maxLength, pattern: schema.pattern, format: schema.format };
    }
    case 'integer':
    case 'number':
      return {
        ...common,
        kind: 'number',
        integer: type === 'integer',
        min: schema.minimum,
        max: schema.maximum,
        exclusiveMin: schema.exclusiveMinimum,
        exclusiveMax: schema.exclusiveMaximum,
      };
    case 'boolean':
      return { ...common, kind: 'boolean' };
    case 'array': {
      const items = resolveRef(schema.items ?? {}, root);
      if (Array.isArray(items.enum) && schema.uniqueItems)
        return { ...common, kind: 'checkboxes', options: items.enum.map((v: string | number) => ({ value: v, label: optionLabel(v) })) };
      return { ...common, kind: 'list', item: fieldFor('item', items, root, true), minItems: schema.minItems, maxItems: schema.maxItems };
    }
    case 'object': {
      if (!schema.properties) return { ...common, kind: 'unsupported' };
      return { ...common, kind: 'object', fields: objectFields(schema, root) };
    }
    default:
      return { ...common, kind: 'unsupported' };
  }
}

export function objectFields(schema: Schema, root: Schema, omit: string[] = []): FieldSpec[] {
  const node = resolveRef(schema, root);
  const required: string[] = node.required ?? [];
  return Object.entries((node.properties ?? {}) as Record<string, Schema>)
    .filter(([k]) => !omit.includes(k) && !resolveRef(node.properties[k], root)['x-hidden'])
    .map(([k, s]) => fieldFor(k, s, root, required.includes(k)));
}

/** A starting value for a new list item or a new block's props: defaults, and required fields filled in. */
export function initialValue(spec: FieldSpec): unknown {
  if (spec.default !== undefined) return structuredClone(spec.default);
  switch (spec.kind) {
    case 'object':
      return Object.fromEntries(spec.fields.filter((f) => f.required).map((f) => [f.key, initialValue(f)]));
    case 'list':
    case 'checkboxes':
      return [];
    case 'number':
      return spec.nullable ? null : (spec.min ?? (spec.exclusiveMin !== undefined ? spec.exclusiveMin + 1 : 0));
    case 'boolean':
      return false;
    case 'select':
      return spec.options[0]?.value;
    case 'unsupported':
      return undefined;
    default:
      return '';
  }
}

/** Help under a number field: its bounds in words. */
export function boundsText(spec: FieldSpec & { kind: 'number' }): string | undefined {
  const parts: string[] = [];
  if (spec.min !== undefined) parts.push(`at least ${spec.min}`);
  if (spec.exclusiveMin !== undefined) parts.push(`more than ${spec.exclusiveMin}`);
  if (spec.max !== undefined) parts.push(`at most ${spec.max}`);
  if (spec.exclusiveMax !== undefined) parts.push(`less than ${spec.exclusiveMax}`);
  if (spec.integer) parts.push('a whole number');
  return parts.length ? parts.join(', ') : undefined;
}

export type NumberInput = { ok: true; value: number | undefined } | { ok: false; message: string };

/** What a number field's text means: a number (the schema then checks its bounds), nothing (empty), or text that is
 *  not a number, which the field keeps and reports instead of dropping it. */
export function parseNumberInput(text: string, spec: FieldSpec & { kind: 'number' }): NumberInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  // Digits with an optional sign, decimal point and exponent; a thousands comma ("1,500") is allowed and ignored.
  const plain = trimmed.replace(/(\d),(?=\d{3}(\D|$))/g, '$1');
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(plain)) {
    const value = Number(plain);
    if (Number.isFinite(value)) return { ok: true, value };
  }
  const example = spec.default !== undefined && typeof spec.default === 'number' ? spec.default : (spec.min ?? 5);
  return { ok: false, message: `"${trimmed}" is not a number: type ${spec.integer ? 'a whole number' : 'a number'} in digits only, for example ${example}.` };
}
