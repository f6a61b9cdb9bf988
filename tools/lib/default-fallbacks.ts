// Finds code fallbacks (`??`, `x?.length ? x : …`, destructuring defaults) in a block's own files on props whose schema has a default.
// The tenant validator fills every schema default in before a block renders (see ResolvedBlockProps in
// schemas/generated/block-props.ts), so such a fallback is dead code at best and, when its value differs from the
// schema's, a second default that disagrees with the one the editor shows.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchema } from './schema-assembly';

export interface Fallback {
  file: string;
  line: number;
  prop: string;
  code: string;
}

/** Top-level props with a default, and the names of nested properties (in objects and list items) with one. */
export function defaultedProps(schema: JsonSchema): { top: Set<string>; nested: Set<string> } {
  const top = new Set<string>();
  const nested = new Set<string>();
  const walk = (node: JsonSchema | undefined, depth: number) => {
    if (!node || typeof node !== 'object') return;
    for (const [name, sub] of Object.entries((node.properties ?? {}) as Record<string, JsonSchema>)) {
      if (sub && typeof sub === 'object' && 'default' in sub) (depth === 0 ? top : nested).add(name);
      walk(sub, depth + 1);
    }
    if (node.items && typeof node.items === 'object') walk(node.items, depth + 1);
  };
  walk(schema, 0);
  return { top, nested };
}

const FALLBACK = String.raw`\s*\?\?`;
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );

/** Every fallback on a defaulted prop in blocks/<type>/ (index.tsx, its components and its loader). */
export function blockDefaultFallbacks(blocksDir: string, type: string, schema: JsonSchema): Fallback[] {
  const { top, nested } = defaultedProps(schema);
  const found: Fallback[] = [];
  for (const file of sourceFiles(join(blocksDir, type))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const hit = (prop: string) => found.push({ file: file.slice(blocksDir.length - 'blocks'.length), line: i + 1, prop, code: text.trim() });
      // props.heading ?? '…', props.filters?.length ? …
      for (const m of text.matchAll(new RegExp(String.raw`\bprops\??\.(\w+)(?:\?\.\w+)*(?:${FALLBACK}|\?\.length\s*\?)`, 'g')))
        if (m[1] && top.has(m[1])) hit(m[1]);
      // const { heading = '…' } = props  /  ({ props: { heading = '…' } })
      for (const m of text.matchAll(/\b(\w+)(?:\s*:\s*\w+)?\s*=\s*[^=>,}][^,}]*/g)) {
        if (m[1] && top.has(m[1]) && /\}\s*=\s*props\b|props:\s*\{/.test(text)) hit(m[1]);
      }
      // A nested property with a default: button.style ?? 'primary', card.linkLabel ?? 'Learn more'
      for (const m of text.matchAll(new RegExp(String.raw`\b\w+\??\.(\w+)${FALLBACK}`, 'g'))) if (m[1] && nested.has(m[1]) && !top.has(m[1])) hit(m[1]);
    });
  }
  return found;
}
