import type { Check } from './types';
import { segmentsToPath } from '../problems';

/** Keys that name an object's prototype machinery in JavaScript: never data in a tenant document. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Page blocks found clean, remembered per block object: the editor's validated draft keeps the blocks an edit did not
 * touch (runtime/tenants/incremental-validate.ts), so a keystroke walks only the changed block and the rest of the
 * document. A document validated afresh has new block objects, and is walked whole.
 */
const cleanBlocks = new WeakSet<object>();

export const reservedKeys: Check = {
  meta: { code: 'reserved-key', description: 'No object in the document has a key __proto__, constructor or prototype.' },
  run(doc, ctx) {
    const problems: { path: string; message: string }[] = [];
    const pageBlocks = new Set<object>((ctx.blocks ?? []).filter((visit) => !visit.parent).map((visit) => visit.block));
    // Iterative walk: a document of any depth is checked without growing the call stack. Each entry knows its parent
    // and key, and the path is spelled out only for a problem (the editor runs this on every keystroke).
    type Entry = { value: unknown; key?: string | number; parent?: Entry };
    const pathOf = (entry: Entry, key: string) => {
      const segments: (string | number)[] = [key];
      for (let e: Entry | undefined = entry; e?.parent; e = e.parent) segments.unshift(e.key!);
      return segmentsToPath(segments);
    };
    /** Walks from `root`, adding the problems it finds; a page block is walked on its own (once: see cleanBlocks). */
    const walk = (root: Entry): number => {
      const found = problems.length;
      const stack: Entry[] = [root];
      const visit = (child: unknown, key: string | number, parent: Entry) => {
        if (!child || typeof child !== 'object') return;
        if (!pageBlocks.has(child)) stack.push({ value: child, key, parent });
        else if (!cleanBlocks.has(child) && walk({ value: child, key, parent }) === 0) cleanBlocks.add(child);
      };
      while (stack.length) {
        const entry = stack.pop()!;
        const { value } = entry;
        if (Array.isArray(value)) {
          for (let i = 0; i < value.length; i++) visit(value[i], i, entry);
          continue;
        }
        for (const key of Object.keys(value as object)) {
          if (RESERVED_KEYS.has(key))
            problems.push({ path: pathOf(entry, key), message: `the key ${JSON.stringify(key)} is not allowed (it is reserved in JavaScript)` });
          else visit((value as Record<string, unknown>)[key], key, entry);
        }
      }
      return problems.length - found;
    };
    if (doc && typeof doc === 'object') walk({ value: doc });
    return problems;
  },
};
