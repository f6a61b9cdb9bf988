import type { Check } from './types';
import { segmentsToPath } from '../problems';

/** Keys that name an object's prototype machinery in JavaScript: never data in a tenant document. */
export const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const reservedKeys: Check = {
  meta: { code: 'reserved-key', description: 'No object in the document has a key __proto__, constructor or prototype.' },
  run(doc) {
    const problems: { path: string; message: string }[] = [];
    // Iterative walk: a document of any depth is checked without growing the call stack. Each entry knows its parent
    // and key, and the path is spelled out only for a problem (the editor runs this on every keystroke).
    type Entry = { value: unknown; key?: string | number; parent?: Entry };
    const pathOf = (entry: Entry, key: string) => {
      const segments: (string | number)[] = [key];
      for (let e: Entry | undefined = entry; e?.parent; e = e.parent) segments.unshift(e.key!);
      return segmentsToPath(segments);
    };
    const stack: Entry[] = [{ value: doc }];
    while (stack.length) {
      const entry = stack.pop()!;
      const { value } = entry;
      if (!value || typeof value !== 'object') continue;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (value[i] && typeof value[i] === 'object') stack.push({ value: value[i], key: i, parent: entry });
        continue;
      }
      for (const key of Object.keys(value)) {
        const child = (value as Record<string, unknown>)[key];
        if (RESERVED_KEYS.has(key))
          problems.push({ path: pathOf(entry, key), message: `the key ${JSON.stringify(key)} is not allowed (it is reserved in JavaScript)` });
        else if (child && typeof child === 'object') stack.push({ value: child, key, parent: entry });
      }
    }
    return problems;
  },
};
