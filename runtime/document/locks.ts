// Brand compliance: a platform admin locks blocks, block props or any other value (a JSON pointer, e.g. /theme/primary)
// in a template or a tenant document. Locks of a template hold in every tenant of that template (its value is the
// template's); a tenant's own locks keep the value it has live. Locked values are refused on save and publish by the
// server, whatever the editor's UI shows.
import { type BlockNode, walkBlocks } from './blocks';

interface Lock {
  /** A block by its id (anywhere in the pages, slots included): the whole block, or only `prop` of it. */
  block?: string;
  prop?: string;
  /** Any other value, as a JSON pointer into the document (e.g. /theme/primary). */
  path?: string;
  /** Why, shown to staff beside the locked block or field. */
  reason: string;
}

export interface EffectiveLock extends Lock {
  /** Where it is set: the template's locks hold in every tenant of the template. */
  source: 'template' | 'tenant';
}

type Doc = Record<string, unknown>;

const locksOf = (doc: Doc | undefined): Lock[] => (Array.isArray(doc?.locks) ? (doc.locks as Lock[]) : []);

/** What a lock is about, as staff read it: "block home-hero", "heading of block home-hero", "/theme/primary". */
function lockTarget(lock: Lock): string {
  if (lock.block) return lock.prop ? `${lock.prop} of block ${lock.block}` : `block ${lock.block}`;
  return lock.path ?? '(nothing)';
}

const sameTarget = (a: Lock, b: Lock) => (a.block ?? '') === (b.block ?? '') && (a.prop ?? '') === (b.prop ?? '') && (a.path ?? '') === (b.path ?? '');

/** The template's locks, then the tenant's own (one per target: the template's wins). */
export function effectiveLocks(template: Doc | undefined, doc: Doc | undefined): EffectiveLock[] {
  const out: EffectiveLock[] = locksOf(template).map((l) => ({ ...l, source: 'template' as const }));
  for (const l of locksOf(doc)) if (!out.some((o) => sameTarget(o, l))) out.push({ ...l, source: 'tenant' });
  return out;
}

function pointerValue(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return doc;
  let node: unknown = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function findBlockInPages(doc: Doc | undefined, id: string): { route: string; block: BlockNode } | undefined {
  const pages = (doc?.pages ?? {}) as Record<string, { blocks?: BlockNode[] }>;
  for (const [route, page] of Object.entries(pages)) {
    for (const { block } of walkBlocks(Array.isArray(page?.blocks) ? page.blocks : [])) if (block.id === id) return { route, block };
  }
  return undefined;
}

/** The locked value in a document (a block with where it is, so moving it to another page counts as a change). */
export function lockedValue(doc: Doc | undefined, lock: Lock): unknown {
  if (lock.block) {
    const found = findBlockInPages(doc, lock.block);
    if (!found) return undefined;
    return lock.prop ? found.block.props?.[lock.prop] : { route: found.route, block: found.block };
  }
  return pointerValue(doc, lock.path ?? '');
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v as Doc)
        .sort()
        .map((k) => [k, canonical((v as Doc)[k])]),
    );
  }
  return v;
}

export interface LockViolation {
  lock: EffectiveLock;
  message: string;
}

/** The sentence staff see when a save changes a locked value. */
const lockMessage = (lock: Lock) => `${lockTarget(lock)} is locked (${lock.reason}); it cannot be changed here`;

/**
 * The locks a draft breaks: each template lock's value must be the template's, each tenant lock's the live document's
 * (`reference`; a site never published has none to keep). The locks themselves change only by a platform admin
 * (`mayChangeTenantLocks`), and never a template's in a tenant.
 */
export function lockViolations(draft: Doc, template: Doc | undefined, reference: Doc | undefined, mayChangeTenantLocks: boolean): LockViolation[] {
  const problems: LockViolation[] = [];
  for (const lock of effectiveLocks(template, reference)) {
    const against = lock.source === 'template' ? template : reference;
    if (lock.source === 'tenant' && (mayChangeTenantLocks || !reference)) continue;
    if (!equal(lockedValue(draft, lock), lockedValue(against, lock))) problems.push({ lock, message: lockMessage(lock) });
  }
  if (!mayChangeTenantLocks && reference && !equal(locksOf(draft), locksOf(reference))) {
    problems.push({
      lock: { path: '/locks', reason: 'only a platform admin may lock or unlock', source: 'tenant' },
      message: 'Only a platform admin may lock or unlock blocks and settings',
    });
  }
  return problems;
}

/** Sets the value a lock holds in a document (a template's own file): a block's props or one prop, or the value at the
 *  lock's pointer. False when the document does not hold the locked block itself (it comes from a template below). */
export function setLockedValue(doc: Doc, lock: Lock, value: unknown): boolean {
  if (lock.block) {
    const found = findBlockInPages(doc, lock.block);
    if (!found) return false;
    const block = found.block as BlockNode & { props?: Record<string, unknown> };
    if (!lock.prop) block.props = (value ?? {}) as Record<string, unknown>;
    else if (value === undefined) delete block.props?.[lock.prop];
    else block.props = { ...block.props, [lock.prop]: value };
    return true;
  }
  const keys = (lock.path ?? '')
    .replace(/^\//, '')
    .split('/')
    .filter(Boolean)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (!keys.length) return false;
  let node: Doc = doc;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Doc;
  }
  const last = keys.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return true;
}
