import type { Check } from './types';
import { segmentsToPath } from '../problems';

/** Keys that name an object's prototype machinery in JavaScript: never data in a tenant document. */
export const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const reservedKeys: Check = {
  meta: { code: 'reserved-key', description: 'No object in the document has a key __proto__, constructor or prototype.' },
  run(doc) {
    const problems: { path: string; message: string }[] = [];
    // Iterative walk: a document of any depth is checked without growing the call stack.
    const stack: { value: unknown; path: (string | number)[] }[] = [{ value: doc, path: [] }];
    while (stack.length) {
      const { value, path } = stack.pop()!;
      if (!value || typeof value !== 'object') continue;
      if (Array.isArray(value)) {
        value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
        continue;
      }
      for (const key of Object.keys(value)) {
        if (RESERVED_KEYS.has(key))
          problems.push({ path: segmentsToPath([...path, key]), message: `the key ${JSON.stringify(key)} is not allowed (it is reserved in JavaScript)` });
        else stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
    return problems;
  },
};
