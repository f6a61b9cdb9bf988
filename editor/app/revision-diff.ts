// What restoring a revision would change in the draft, and restoring only chosen parts of it. The diff goes page by
// page and block by block (a block is known by its id): blocks the restore would add back, remove or change (each
// changed prop with its value now and after the restore), plus the site-wide parts (settings, theme, menus, ...).
// Pure functions over two documents, so the History tab's preview of a restore and the restore itself agree.
import type { BlockNode } from '../../runtime/document/blocks';
import { insertBlock, removeBlock } from '../../runtime/document/operations';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Doc = Record<string, any>;
type Page = { title?: string; data?: string; blocks?: BlockNode[]; [k: string]: unknown };

type Status = 'added' | 'removed' | 'changed';
export interface PropChange {
  path: string;
  now: unknown;
  after: unknown;
}
interface BlockDiff {
  id: string;
  type: string;
  status: Status;
  /** Changed props (and a move, as the path "position"), for a changed block. */
  changes: PropChange[];
}
interface PageDiff {
  route: string;
  title: string;
  status: Status;
  /** Changes of the page's own fields (title, data binding, ...). */
  changes: PropChange[];
  blocks: BlockDiff[];
}
export interface RevisionDiff {
  site: { key: string; changes: PropChange[] }[];
  pages: PageDiff[];
}

export type RestorePick = { kind: 'site'; key: string } | { kind: 'page'; route: string } | { kind: 'block'; route: string; id: string };

interface Placed {
  block: BlockNode;
  parentId: string | null;
  slot?: string;
  index: number;
}

function placed(blocks: BlockNode[] = [], parentId: string | null = null, slot?: string, into = new Map<string, Placed>()) {
  blocks.forEach((block, index) => {
    into.set(block.id, { block, parentId, slot, index });
    for (const [name, children] of Object.entries(block.slots ?? {})) placed(children ?? [], block.id, name, into);
  });
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The leaf values that differ between two values, by dotted path (arrays by index). */
function changedLeaves(now: unknown, after: unknown, path = ''): PropChange[] {
  if (same(now, after)) return [];
  const isObj = (v: unknown) => v !== null && typeof v === 'object';
  if (!isObj(now) || !isObj(after) || Array.isArray(now) !== Array.isArray(after)) return [{ path: path || '(value)', now, after }];
  const keys = [...new Set([...Object.keys(now as object), ...Object.keys(after as object)])];
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  return keys.flatMap((k) => changedLeaves((now as any)[k], (after as any)[k], path ? `${path}.${k}` : k));
}

function diffBlocks(now: BlockNode[] = [], after: BlockNode[] = []): BlockDiff[] {
  const a = placed(now);
  const b = placed(after);
  const out: BlockDiff[] = [];
  for (const [id, p] of b) {
    const q = a.get(id);
    if (!q) {
      out.push({ id, type: p.block.type, status: 'added', changes: [] });
      continue;
    }
    const changes = changedLeaves(q.block.props ?? {}, p.block.props ?? {});
    if (q.block.type !== p.block.type) changes.unshift({ path: 'type', now: q.block.type, after: p.block.type });
    if (q.parentId !== p.parentId || q.slot !== p.slot || q.index !== p.index) changes.push({ path: 'position', now: q.index + 1, after: p.index + 1 });
    if (changes.length) out.push({ id, type: p.block.type, status: 'changed', changes });
  }
  for (const [id, q] of a) if (!b.has(id)) out.push({ id, type: q.block.type, status: 'removed', changes: [] });
  return out;
}

/** What restoring `revision` over `draft` would change. */
export function diffRevision(draft: Doc, revision: Doc): RevisionDiff {
  const keys = [...new Set([...Object.keys(draft), ...Object.keys(revision)])].filter((k) => k !== 'pages' && !k.startsWith('$'));
  const site = keys.map((key) => ({ key, changes: changedLeaves(draft[key], revision[key]) })).filter((s) => s.changes.length);
  const nowPages = (draft.pages ?? {}) as Record<string, Page>;
  const afterPages = (revision.pages ?? {}) as Record<string, Page>;
  const pages: PageDiff[] = [];
  for (const route of [...new Set([...Object.keys(nowPages), ...Object.keys(afterPages)])].sort()) {
    const now = nowPages[route];
    const after = afterPages[route];
    if (!now || !after) {
      const p = (now ?? after) as Page;
      pages.push({ route, title: p.title ?? route, status: now ? 'removed' : 'added', changes: [], blocks: [] });
      continue;
    }
    const { blocks: nb, ...nowOwn } = now;
    const { blocks: ab, ...afterOwn } = after;
    const changes = changedLeaves(nowOwn, afterOwn);
    const blocks = diffBlocks(nb, ab);
    if (changes.length || blocks.length) pages.push({ route, title: after.title ?? route, status: 'changed', changes, blocks });
  }
  return { site, pages };
}

/** The block as it comes back: with those of its children the draft does not have elsewhere (ids stay unique). */
function comeback(block: BlockNode, draftIds: Map<string, Placed>): BlockNode {
  const copy = structuredClone(block);
  if (copy.slots)
    for (const [name, children] of Object.entries(copy.slots))
      copy.slots[name] = (children ?? []).filter((c) => !draftIds.has(c.id)).map((c) => comeback(c, draftIds));
  return copy;
}

function restoreBlock(blocks: BlockNode[], revisionBlocks: BlockNode[], id: string): BlockNode[] {
  const now = placed(blocks);
  const then = placed(revisionBlocks).get(id);
  const current = now.get(id);
  if (!then) return current ? removeBlock(blocks, id) : blocks;
  if (current) {
    const next = structuredClone(blocks);
    const target = placed(next).get(id)!.block;
    target.type = then.block.type;
    target.props = structuredClone(then.block.props);
    return next;
  }
  // Back where it was: under the same parent when the draft still has it (else on the page), at its old place.
  const parent = then.parentId && now.has(then.parentId) ? then.parentId : null;
  const slot = parent ? then.slot : undefined;
  const siblings = parent ? (now.get(parent)!.block.slots?.[slot!] ?? []) : blocks;
  return insertBlock(blocks, comeback(then.block, now), { parentId: parent, slot, index: Math.min(then.index, siblings.length) });
}

/** The draft with the chosen parts of `revision` restored (whole site parts and pages first, then single blocks). */
export function restorePicks(draft: Doc, revision: Doc, picks: RestorePick[]): Doc {
  const next = structuredClone(draft);
  next.pages ??= {};
  const copy = (v: unknown) => (v === undefined ? undefined : structuredClone(v));
  for (const p of picks) {
    if (p.kind === 'site') {
      if (revision[p.key] === undefined) delete next[p.key];
      else next[p.key] = copy(revision[p.key]);
    } else if (p.kind === 'page') {
      if (revision.pages?.[p.route]) next.pages[p.route] = copy(revision.pages[p.route]);
      else delete next.pages[p.route];
    }
  }
  const wholePages = new Set(picks.flatMap((p) => (p.kind === 'page' ? [p.route] : [])));
  for (const p of picks) {
    if (p.kind !== 'block' || wholePages.has(p.route) || !next.pages[p.route] || !revision.pages?.[p.route]) continue;
    next.pages[p.route].blocks = restoreBlock(next.pages[p.route].blocks ?? [], revision.pages[p.route].blocks ?? [], p.id);
  }
  return next;
}

/** A value as one short line for the diff table. */
export function valueText(v: unknown): string {
  if (v === undefined) return '(none)';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}
