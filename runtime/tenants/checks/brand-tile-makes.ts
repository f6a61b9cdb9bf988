// A brand tile the staff name by make must be a make of the manufacturer list (docs/requirements/dealer-services.md#data), or it would silently
// never show.
import { findManufacturer } from '../../domain/models/brands';
import { manufacturerList } from '../../models/brands';
import type { Check } from './types';
import { checkedBlocks } from './page-blocks';

export const brandTileMakes: Check = {
  meta: { code: 'brand-tile-make', description: 'Makes named in brand tiles (moreMakes) are makes of the manufacturer list.' },
  run(doc, ctx) {
    const problems: { path: string; message: string }[] = [];
    for (const visit of checkedBlocks(doc, ctx)) {
      const { block } = visit;
      if (block.type !== 'brand-tiles') continue;
      const more = (block.props as { moreMakes?: Record<string, unknown> } | undefined)?.moreMakes ?? {};
      for (const [group, names] of Object.entries(more)) {
        if (!Array.isArray(names)) continue;
        names.forEach((name, i) => {
          if (typeof name === 'string' && !findManufacturer(manufacturerList(), name)) {
            problems.push({ path: `${visit.pathText}.props.moreMakes.${group}[${i}]`, message: `"${name}" is not a make of the manufacturer list` });
          }
        });
      }
    }
    return problems;
  },
};
