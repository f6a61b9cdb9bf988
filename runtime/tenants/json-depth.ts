// Nesting limits, checked without recursion, so a hostile 20,000-level body or document is refused before anything
// that walks it recursively (JSON.parse's callers, structuredClone, Ajv, merge patch) can overflow the stack.

/** Deeper than any real tenant document (about 12 levels) or API body, far below what a recursive walk survives. */
export const MAX_JSON_DEPTH = 64;

/** True when the JSON text nests objects/arrays more than `max` levels (strings and their escapes skipped). */
export function jsonDepthExceeds(text: Uint8Array | string, max = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** True when a parsed value nests objects/arrays more than `max` levels. */
export function valueDepthExceeds(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A copy of a parsed document as the JSON tree it stands for: an object that appears in two places (the editor may
 * put one object at two paths) becomes two objects. structuredClone keeps such sharing, and Ajv's useDefaults then
 * fills one place's defaults into the other (a block's default fields appeared in a page placed as the same object).
 * Call it only on values checked with valueDepthExceeds (it recurses).
 */
export function cloneJsonTree<T>(value: T): T {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJsonTree) as T;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // A "__proto__" key stays a key (assigning it would set the copy's prototype, and the validator must refuse it).
    if (k === '__proto__') Object.defineProperty(copy, k, { value: cloneJsonTree(v), enumerable: true, writable: true, configurable: true });
    else copy[k] = cloneJsonTree(v);
  }
  return copy as T;
}
