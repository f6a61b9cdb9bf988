import type { Check } from './types';
import { checkedBlocks, type PageBlockVisit } from './page-blocks';
import { segmentsToPath } from '../problems';

export const duplicateIds: Check = {
  meta: { code: 'duplicate-id', description: 'Block ids are unique in the document; dealership and location ids and slugs are unique.' },
  run(doc, ctx) {
    const problems: { path: string; message: string }[] = [];
    const blocks = new Map<string, PageBlockVisit>();
    for (const visit of checkedBlocks(doc, ctx)) {
      const first = blocks.get(visit.block.id);
      if (first) problems.push({ path: `${visit.pathText}.id`, message: `block id ${JSON.stringify(visit.block.id)} is already used at ${first.pathText}` });
      else blocks.set(visit.block.id, visit);
    }
    const unique = (kind: string, entries: { value: unknown; path: (string | number)[] }[]) => {
      const seen = new Map<unknown, string>();
      for (const { value, path } of entries) {
        const at = segmentsToPath(path);
        if (seen.has(value)) problems.push({ path: at, message: `${kind} ${JSON.stringify(value)} is already used at ${seen.get(value)}` });
        else seen.set(value, at);
      }
    };
    const dealerships = doc.dealerships ?? [];
    unique(
      'dealership id',
      dealerships.map((d, i) => ({ value: d.id, path: ['dealerships', i, 'id'] })),
    );
    unique(
      'dealership slug',
      dealerships.map((d, i) => ({ value: d.slug, path: ['dealerships', i, 'slug'] })),
    );
    const locations = dealerships.flatMap((d, i) =>
      (d.locations ?? []).map((l, j) => ({ l, path: ['dealerships', i, 'locations', j] as (string | number)[] })),
    );
    unique(
      'location id',
      locations.map(({ l, path }) => ({ value: l.id, path: [...path, 'id'] })),
    );
    unique(
      'location slug',
      locations.map(({ l, path }) => ({ value: l.slug, path: [...path, 'slug'] })),
    );
    dealerships.forEach((d, i) => {
      const primaries = (d.locations ?? []).filter((l) => l.primary).length;
      if (primaries > 1)
        problems.push({
          path: segmentsToPath(['dealerships', i, 'locations']),
          message: `dealership "${d.name}" has ${primaries} primary locations; mark only one as primary`,
        });
    });
    return problems;
  },
};
