// Widgets for schema fields that need more than the generic ones, keyed by the schema's `x-widget`: a schema names its
// widget and the form uses it, so a new setting or block needs no change to the form code. Widgets register
// themselves (editor/app/widgets/*.tsx, imported once by the editor).
import type { ComponentType } from 'react';
import type { FormContext, Path } from './Fields';
import type { FieldSpec } from './schema-form';

export interface WidgetProps {
  spec: FieldSpec;
  value: unknown;
  path: Path;
  ctx: FormContext;
  /** The validator's problems at this field and below it, as "message" lines. */
  messages: string[];
  /** The object holding this field (its sibling props: an image's alt text and focal point). */
  siblings?: Record<string, unknown>;
}

const registry = new Map<string, ComponentType<WidgetProps>>();

export function registerWidget(name: string, component: ComponentType<WidgetProps>) {
  registry.set(name, component);
}

export const widgetFor = (name: string | undefined) => (name ? registry.get(name) : undefined);
