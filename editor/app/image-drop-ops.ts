// Where an image file dropped on the preview goes: the block must be on the page and the path an image prop of its
// schema (x-widget "image"); the frame is trusted to name a block and a prop, not any path. Without a path (dropped on a
// block, not on a marked picture) the block's one top-level image prop is meant.
import { findBlock, type BlockNode } from '../../runtime/document/blocks';
import { blockType, rootSchema } from './doc-model';
import type { Path } from './Fields';
import { humanise } from './schema-form';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;

const resolve = (s: Schema | undefined): Schema | undefined => {
  let node = s;
  for (let guard = 0; node?.$ref && guard < 20; guard++)
    node = { ...rootSchema.definitions[String(node.$ref).replace('#/definitions/', '')], ...node, $ref: undefined };
  return node;
};

/** The schema at a dotted props path ("cards.1.image"), or undefined. */
function schemaAt(props: Schema, segments: string[]): Schema | undefined {
  let node = resolve(props);
  for (const seg of segments) node = resolve(/^\d+$/.test(seg) ? node?.items : node?.properties?.[seg]);
  return node;
}

export function imageDropChange(route: string, blocks: BlockNode[], id: string, propPath: string | null): { path: Path; label: string } | { error: string } {
  const visit = findBlock(blocks, id);
  if (!visit) return { error: `There is no block ${id} on this page.` };
  const type = blockType(visit.block.type);
  if (!type) return { error: `${id} is not a block the editor knows.` };
  let path = propPath;
  if (path === null) {
    const images = Object.entries((resolve(type.propsSchema)?.properties ?? {}) as Record<string, Schema>).filter(
      ([, s]) => resolve(s)?.['x-widget'] === 'image',
    );
    if (images.length !== 1)
      return { error: `${type.title} has no single picture to replace: drop the image onto the picture itself, or use the picker in the form.` };
    path = images[0]![0];
  }
  const segments = path.split('.');
  if (resolve(schemaAt(type.propsSchema, segments))?.['x-widget'] !== 'image')
    return { error: `${type.title} shows no picture there: drop the image onto a picture.` };
  const prop: Path = segments.map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  return { path: ['pages', route, ...visit.path, 'props', ...prop], label: `Drop an image on ${humanise(String(prop.at(-1))).toLowerCase()}` };
}
