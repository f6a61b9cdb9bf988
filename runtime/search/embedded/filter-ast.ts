// The parsed form of a Meilisearch filter expression. Parsed once, evaluated on bitsets.

/** Where an attribute name sits in its source string, for error messages. */
export interface AttributeRef {
  name: string;
  start: number;
  end: number;
  source: string;
}

export type ComparisonOperator = '=' | '!=' | '>' | '>=' | '<' | '<=';

export type FilterNode =
  | { kind: 'all' }
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  | { kind: 'compare'; attribute: AttributeRef; op: ComparisonOperator; value: string }
  | { kind: 'between'; attribute: AttributeRef; from: string; to: string }
  | { kind: 'in'; attribute: AttributeRef; values: string[] }
  | { kind: 'exists'; attribute: AttributeRef }
  | { kind: 'isNull'; attribute: AttributeRef }
  | { kind: 'isEmpty'; attribute: AttributeRef };

/** Every attribute a filter names, so they can be checked against filterableAttributes. */
export function attributesOf(node: FilterNode, out: AttributeRef[] = []): AttributeRef[] {
  switch (node.kind) {
    case 'all':
      return out;
    case 'and':
    case 'or':
      for (const c of node.children) attributesOf(c, out);
      return out;
    case 'not':
      return attributesOf(node.child, out);
    default:
      out.push(node.attribute);
      return out;
  }
}
