// The editor's validator: the same result as validateTenantDocument, computed in parts so an edit costs what it
// changed. The document's skeleton (everything but the blocks of pages) is checked whole, each page block on its own;
// a block's result is kept per block object, and the editor's document is immutable (immer), so a block an edit did
// not touch is the same object and is not copied or checked again. The validated document reuses those blocks too,
// so the preview sees which blocks changed. The cross-document checks run on the whole document each time.
import type { ErrorObject } from 'ajv';
import { cloneJsonTree, MAX_JSON_DEPTH, valueDepthExceeds } from './json-depth';
import { tenantPartValidators } from './tenant-schema-validator';
import { validationResult, type ValidationResult } from './validate';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Json = Record<string, any>;
interface BlockResult {
  /** The block as validated: a copy with its schema defaults filled in (never changed afterwards). */
  value: unknown;
  /** Ajv's errors, with paths relative to the block. */
  errors: ErrorObject[];
  tooDeep: boolean;
}

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const pointerSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** A page block is five levels down: document, pages, page, blocks, block. */
const BLOCK_DEPTH = 4;

/** A validator that remembers the blocks it has checked (one per opened document). */
export function createIncrementalValidator(): (input: unknown) => ValidationResult {
  const blocks = new WeakMap<object, BlockResult>();
  const checkBlock = (block: unknown): BlockResult => {
    const known = block && typeof block === 'object' ? blocks.get(block) : undefined;
    if (known) return known;
    const tooDeep = valueDepthExceeds(block, MAX_JSON_DEPTH - BLOCK_DEPTH);
    const value = tooDeep ? block : cloneJsonTree(block);
    const validate = tenantPartValidators().block;
    const result = { value, errors: tooDeep || validate(value) ? [] : [...(validate.errors ?? [])], tooDeep };
    if (block && typeof block === 'object') blocks.set(block, result);
    return result;
  };

  return (input) => {
    // The skeleton: the pages' block lists stand in as lists of nulls (the skeleton schema accepts any item).
    const pageBlocks: [route: string, list: unknown[]][] = [];
    let skeleton = input;
    if (isObject(input) && isObject(input.pages)) {
      const pages: Json = {};
      for (const [route, page] of Object.entries(input.pages)) {
        if (isObject(page) && Array.isArray(page.blocks)) {
          pageBlocks.push([route, page.blocks]);
          pages[route] = { ...page, blocks: page.blocks.map(() => null) };
        } else pages[route] = page;
      }
      skeleton = { ...input, pages };
    }
    const results = pageBlocks.map(([, list]) => list.map(checkBlock));
    if (valueDepthExceeds(skeleton, MAX_JSON_DEPTH) || results.some((list) => list.some((r) => r.tooDeep)))
      return { ok: false, problems: [{ path: '(document)', message: `the document is nested more than ${MAX_JSON_DEPTH} levels deep`, code: 'schema' }] };

    const doc = cloneJsonTree(skeleton) as Json;
    const { skeleton: validateSkeleton } = tenantPartValidators();
    const errors = validateSkeleton(doc) ? [] : [...(validateSkeleton.errors ?? [])];
    pageBlocks.forEach(([route, list], p) => {
      const target = doc.pages[route].blocks as unknown[];
      list.forEach((_, i) => {
        const r = results[p]?.[i];
        if (!r) return;
        target[i] = r.value;
        const at = `/pages/${pointerSegment(route)}/blocks/${i}`;
        for (const e of r.errors) errors.push({ ...e, instancePath: at + e.instancePath });
      });
    });
    return validationResult(doc, errors);
  };
}
