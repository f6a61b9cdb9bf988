// The revision log of each tenant's document: every saved draft and every published document, numbered 1, 2, 3...
// with who saved it and when. A save names the revision it was based on; when someone else saved in between, it is
// refused (a conflict naming them) and nothing is overwritten. Each revision is its own file, created exclusively
// and flushed to disk, so a crash never damages an earlier revision.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFileExclusive } from './atomic-write';

export type RevisionKind = 'draft' | 'published' | 'imported';

export interface RevisionMeta {
  rev: number;
  kind: RevisionKind;
  /** Email of the account that saved it ('' for a document found on disk). */
  author: string;
  authorName: string;
  /** ISO time. */
  at: string;
  /** The revision this one was based on (undefined for the first). */
  baseRev?: number;
  /** For a restore: the revision it brought back. */
  restoredFrom?: number;
}

export interface Revision extends RevisionMeta {
  doc: Record<string, unknown>;
}

export type AppendResult = { ok: true; revision: RevisionMeta } | { ok: false; conflict: RevisionMeta };

/** A restore names an earlier revision of the same site (revisions are numbered from 1 and never removed). Callers
 *  check it first and answer 422 (EditorDocuments.save); this keeps a wrong number out of the log whatever the caller. */
function restoredFromCheck(restoredFrom: number | undefined, headRev: number | undefined): void {
  if (restoredFrom === undefined) return;
  if (!Number.isInteger(restoredFrom) || restoredFrom < 1 || restoredFrom > (headRev ?? 0))
    throw new Error(`revision ${restoredFrom} does not exist, so a revision cannot say it restored it`);
}

/** The revision an append writes after `headRev` (none: the site's first), once the caller found no conflict. */
export function nextRevision(
  headRev: number | undefined,
  input: { kind: RevisionKind; author: string; authorName: string; doc: Record<string, unknown>; restoredFrom?: number },
  at: Date,
): Revision {
  restoredFromCheck(input.restoredFrom, headRev);
  return {
    rev: (headRev ?? 0) + 1,
    kind: input.kind,
    author: input.author,
    authorName: input.authorName,
    at: at.toISOString(),
    ...(headRev !== undefined ? { baseRev: headRev } : {}),
    ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}),
    doc: input.doc,
  };
}

const fileName = (rev: number) => `${String(rev).padStart(6, '0')}.json`;

export class RevisionStore {
  constructor(
    private readonly dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private folder(slug: string) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new Error(`invalid tenant slug ${JSON.stringify(slug)}`);
    return join(this.dir, slug, 'revisions');
  }

  private numbers(slug: string): number[] {
    const folder = this.folder(slug);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((f) => /^\d{6}\.json$/.test(f))
      .map((f) => Number(f.slice(0, 6)))
      .sort((a, b) => a - b);
  }

  get(slug: string, rev: number): Revision | undefined {
    const path = join(this.folder(slug), fileName(rev));
    if (!Number.isInteger(rev) || rev < 1 || !existsSync(path)) return undefined;
    return JSON.parse(readFileSync(path, 'utf8')) as Revision;
  }

  head(slug: string): Revision | undefined {
    const last = this.numbers(slug).at(-1);
    return last === undefined ? undefined : this.get(slug, last);
  }

  /** Newest first, without the documents. */
  list(slug: string): RevisionMeta[] {
    return this.numbers(slug)
      .reverse()
      .map((n) => {
        const { doc: _doc, ...meta } = this.get(slug, n)!;
        return meta;
      });
  }

  /** The newest revision that is (or was) live: published, or imported from the tenant file. */
  latestLive(slug: string): Revision | undefined {
    for (const n of this.numbers(slug).reverse()) {
      const r = this.get(slug, n)!;
      if (r.kind !== 'draft') return r;
    }
    return undefined;
  }

  /**
   * Appends a revision based on `baseRev` (the head the editor had opened; undefined when there is none yet).
   * Refused when the head has moved on since.
   */
  append(
    slug: string,
    input: { baseRev: number | undefined; kind: RevisionKind; author: string; authorName: string; doc: Record<string, unknown>; restoredFrom?: number },
  ): AppendResult {
    const head = this.head(slug);
    if (head && head.rev !== input.baseRev) {
      const { doc: _doc, ...meta } = head;
      return { ok: false, conflict: meta };
    }
    const revision = nextRevision(head?.rev, input, this.now());
    // Exclusive create: if another process took this number first, that is a conflict too.
    if (!createFileExclusive(join(this.folder(slug), fileName(revision.rev)), JSON.stringify(revision, null, 1) + '\n')) {
      const { doc: _doc, ...meta } = this.head(slug)!;
      return { ok: false, conflict: meta };
    }
    const { doc: _doc, ...meta } = revision;
    return { ok: true, revision: meta };
  }
}
