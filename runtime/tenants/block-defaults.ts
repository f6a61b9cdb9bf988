// A block's props as the tenant validator hands them to the block: checked against the block's schema and with every
// default filled in by Ajv (useDefaults), for code that renders a block outside a validated document (tests).
// Server and test use only: it compiles with Ajv, which the browser build never does.
import type { ValidateFunction } from 'ajv';
import tenantSchema from '../../schemas/tenant.schema.json';
import type { ResolvedBlockProps } from '../../schemas/generated/block-props';
import { createAjv } from './tenant-schema-validator';

const compiled = new Map<string, ValidateFunction>();

export function withBlockDefaults<T extends keyof ResolvedBlockProps>(type: T, props: object = {}): ResolvedBlockProps[T] {
  // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
  const definition = (tenantSchema as { definitions: Record<string, any> }).definitions[`block_${type.replace(/-/g, '_')}`];
  if (!definition) throw new Error(`unknown block type ${JSON.stringify(type)}`);
  let validate = compiled.get(type);
  if (!validate) {
    // The props schema without its own default ({}: Ajv's strict mode refuses a default at a schema's root).
    const { default: _root, ...props } = definition.properties.props;
    validate = createAjv().compile({ ...props, definitions: (tenantSchema as { definitions: object }).definitions });
    compiled.set(type, validate);
  }
  const resolved = structuredClone(props);
  if (!validate(resolved)) throw new Error(`${type} props are invalid: ${JSON.stringify(validate.errors)}`);
  return resolved as ResolvedBlockProps[T];
}
