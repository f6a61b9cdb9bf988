// Lead forms validate in shoppers' browsers without compiling anything at run time (the Content-Security-Policy
// forbids eval, which Ajv's compiler needs). leadFormSchema(config) differs from site to site, so the build
// (tools/build-schema.ts) compiles, with Ajv's standalone code, every variant of each field's schema that any config
// can produce, with its choice list (`enum`) read from the data instead of written into the code. At run time a form
// picks each field's precompiled check by that field's template key (runtime/domain/leads/precompiled.ts).
import { LEAD_FORM_KINDS, type LeadFormConfig, leadFormConfig } from './form-config';
import { leadFormSchema, type JsonSchema } from './schema';

/** Where a field's choices travel next to its value in the object a precompiled check validates. */
export const CHOICES_KEY = '__choices';

export interface FieldTemplate {
  /** Field name + the field's schema with its choice list taken out: names the precompiled check. */
  key: string;
  /** The schema compiled at build time: `{ properties: { [field]: schema with enum -> $data } }`. */
  schema: JsonSchema;
  /** The field's choices (its `enum`), passed with the value; undefined when the field has none. */
  choices?: unknown[];
}

/** JSON with object keys sorted, so equal schemas give equal keys whatever order they were built in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function fieldTemplate(field: string, fieldSchema: JsonSchema): FieldTemplate {
  const { enum: ownChoices, ...rest } = fieldSchema as JsonSchema & { enum?: unknown[] };
  const then = (fieldSchema as { then?: JsonSchema & { enum?: unknown } }).then;
  const choicesRef = { $data: `1/${CHOICES_KEY}` };
  let template: JsonSchema = rest;
  let choices: unknown[] | undefined;
  if (Array.isArray(ownChoices)) {
    template = { ...rest, enum: choicesRef };
    choices = ownChoices;
  } else if (then && Array.isArray(then.enum)) {
    // A choice list checked only once something is chosen (the dealership select: '' is "required", another site's
    // dealership is named as such); the `then` schema reads the same value, so the same relative pointer holds.
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword of if/then, and this object is a schema, never awaited
    template = { ...rest, then: { ...then, enum: choicesRef } };
    choices = then.enum;
  }
  return {
    key: `${field}:${stableJson(template)}`,
    schema: { type: 'object', properties: { [field]: template } },
    choices,
  };
}

/** Every config shape leadFormSchema distinguishes: each form kind with every setting that changes a field's schema. */
export function leadConfigVariants(): LeadFormConfig[] {
  const configs: LeadFormConfig[] = [];
  const flags = [
    'commentsRequired',
    'categorySelect',
    'postcodeField',
    'locationField',
    'dealershipSelect',
    'termsCheckbox',
    'withLocations',
    'withPreset',
  ] as const;
  for (const form of LEAD_FORM_KINDS) {
    for (let bits = 0; bits < 1 << flags.length; bits++) {
      const on = (f: (typeof flags)[number]) => (bits & (1 << flags.indexOf(f))) !== 0;
      const base = leadFormConfig(form, {}, [
        { slug: 'a', name: 'A' },
        { slug: 'b', name: 'B' },
      ] as never);
      configs.push({
        ...base,
        commentsRequired: on('commentsRequired'),
        categorySelect: on('categorySelect'),
        postcodeField: on('postcodeField'),
        locationField: on('locationField'),
        dealershipSelect: on('dealershipSelect'),
        termsCheckbox: on('termsCheckbox'),
        locations: on('withLocations') ? ['Sydney'] : [],
        presetMessage: on('withPreset') ? 'preset' : undefined,
      });
    }
  }
  return configs;
}

/** The distinct field templates of every config variant (what the build compiles). */
export function allLeadFieldTemplates(): FieldTemplate[] {
  const byKey = new Map<string, FieldTemplate>();
  for (const config of leadConfigVariants()) {
    const props = leadFormSchema(config).properties as Record<string, JsonSchema>;
    for (const [field, schema] of Object.entries(props)) {
      const t = fieldTemplate(field, schema);
      if (!byKey.has(t.key)) byKey.set(t.key, t);
    }
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
}
