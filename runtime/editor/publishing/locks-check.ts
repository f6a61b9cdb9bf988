// The server's side of locks (runtime/document/locks.ts): what a draft may not change, given the site's template and
// live document. Every save, publish and scheduled publish goes through here, whatever the editor's UI showed.
import { effectiveLocks, type EffectiveLock, type LockViolation, lockViolations } from '../../document/locks';
import type { EditorDocuments } from '../documents';

type Doc = Record<string, unknown>;

function templateOf(documents: EditorDocuments, name: unknown): Doc | undefined {
  if (typeof name !== 'string') return undefined;
  try {
    return documents.resolvedTemplate(name);
  } catch {
    return undefined; // an unknown template is refused by the save itself
  }
}

/** The site's locks as staff see them: its template's and its own (from the live document). */
export async function siteLocks(documents: EditorDocuments, slug: string): Promise<EffectiveLock[]> {
  const live = (await documents.revisions.latestLive(slug))?.doc;
  return effectiveLocks(templateOf(documents, live?.template), live);
}

/** The locks `doc` breaks; a platform admin may change the site's own locks, nobody a template's here. */
export async function lockProblems(documents: EditorDocuments, slug: string, doc: Doc, admin: boolean): Promise<LockViolation[]> {
  const live = (await documents.revisions.latestLive(slug))?.doc;
  const templates = [...new Set([live?.template, doc.template])].map((name) => templateOf(documents, name)).filter((t) => t !== undefined);
  const found: LockViolation[] = [];
  for (const template of templates.length ? templates : [undefined]) {
    for (const v of lockViolations(doc, template, live, admin)) if (!found.some((f) => f.message === v.message)) found.push(v);
  }
  return found;
}

/** The API's answer to a save that breaks locks (403: a right the account does not have). */
export function lockRefusal(problems: LockViolation[], publish: boolean) {
  const [problem] = problems;
  if (!problem) throw new Error('lockRefusal is for a save that breaks a lock: it needs one problem at least');
  const first = problem.message.replace(/^./, (c) => c.toUpperCase());
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more locked change${problems.length > 2 ? 's' : ''})` : '';
  return {
    error: `${first}${more}. Undo that change; nothing was ${publish ? 'published' : 'saved'}.`,
    problems: problems.map((p) => ({
      path: p.lock.path ?? `block ${p.lock.block}${p.lock.prop ? `.${p.lock.prop}` : ''}`,
      message: p.message,
      code: 'locked',
    })),
  };
}
