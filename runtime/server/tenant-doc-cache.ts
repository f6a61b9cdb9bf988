// Validated tenant documents by content hash, kept on disk across starts: a start with thousands of unchanged
// documents reads each one's outcome instead of resolving and validating it again, and keeps only a small summary of
// each in memory (the whole document is read from here on a site's first visit). The key covers all that decides the
// outcome: the file's text, its slug (the file name), the templates and the validator's version (the server's code and
// the tenant schema), so an entry can never be stale; a changed input is a new key.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import tenantSchema from '../../schemas/tenant.schema.json';
import { type LoadedTenant, summaryOf, type TenantSummary } from '../tenants/load';
import type { Problem } from '../tenants/problems';
import { serverCode } from './demo-stock-cache';

/** A cached outcome without the document: what the registry keeps for a site nobody has visited yet. */
export type CachedOutcome = { ok: true; summary: TenantSummary } | { ok: false; problems: Problem[]; domains: string[] };

/** The version of everything that validates a document, beside its own text: the server's code and the schema. */
function validatorVersion(): string {
  return createHash('sha256').update(serverCode()).update(JSON.stringify(tenantSchema)).digest('hex').slice(0, 16);
}

/** The templates a document may extend, as one key (names and texts): a changed template is a new key for all. */
export function templatesKey(templatesDir: string): string {
  const hash = createHash('sha256');
  let names: string[] = [];
  try {
    names = readdirSync(templatesDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    // no templates folder: documents that name a template fail to resolve, and that outcome is cached like any other
  }
  for (const name of names)
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(templatesDir, name)))
      .update('\0');
  return hash.digest('hex');
}

export class TenantDocCache {
  private readonly outcomeRow: Database.Statement<[string], { outcome: string }>;
  private readonly docRow: Database.Statement<[string], { doc: string | null }>;
  private readonly insert: (key: string, outcome: string, doc: string | null, now: number) => void;
  private readonly unusedKeys: Database.Statement<[number], { key: string }>;
  private readonly touch: Database.Statement<[string, number]>;
  private readonly remove: (key: string) => void;

  private constructor(
    private readonly db: Database.Database,
    private readonly version: string,
    private readonly graceMs: number,
  ) {
    this.outcomeRow = db.prepare('SELECT outcome FROM outcomes WHERE key = ?');
    this.docRow = db.prepare('SELECT doc FROM outcomes WHERE key = ?');
    // A file made by the version that kept the time in the outcome's row gets it there too on insert: a process of that
    // version sharing the folder (during a deploy) would otherwise take the new entries for long unused and drop them.
    const legacyTime = db
      .prepare<[], { name: string }>('PRAGMA table_info(outcomes)')
      .all()
      .some((c) => c.name === 'used_at');
    const insert = legacyTime
      ? db.prepare('INSERT OR REPLACE INTO outcomes (key, version, outcome, doc, used_at) VALUES (?, ?, ?, ?, ?)')
      : db.prepare('INSERT OR REPLACE INTO outcomes (key, version, outcome, doc) VALUES (?, ?, ?, ?)');
    this.touch = db.prepare('INSERT OR REPLACE INTO uses (key, used_at) VALUES (?, ?)');
    this.insert = db.transaction((key: string, outcome: string, doc: string | null, now: number) => {
      if (legacyTime) insert.run(key, this.version, outcome, doc, now);
      else insert.run(key, this.version, outcome, doc);
      this.touch.run(key, now);
    });
    this.unusedKeys = db.prepare('SELECT key FROM outcomes LEFT JOIN uses USING (key) WHERE coalesce(uses.used_at, 0) < ?');
    const removeOutcome = db.prepare('DELETE FROM outcomes WHERE key = ?');
    const removeUse = db.prepare('DELETE FROM uses WHERE key = ?');
    this.remove = (key) => (removeOutcome.run(key), removeUse.run(key));
  }

  /**
   * Opens (or creates) the cache in `dir`. Entries of other validator versions, and entries no start has loaded, are
   * dropped once nobody has loaded them for `graceMs` (default a week): the folder may be shared with processes of
   * another version or with documents this process has not read yet (a site stored in PostgreSQL is read from its
   * entry on first visit), and dropping an entry such a process still relies on would fail that site's pages.
   */
  static open(dir: string, version = validatorVersion(), graceMs = 7 * 24 * 3_600_000): TenantDocCache {
    mkdirSync(dir, { recursive: true });
    const db = new Database(join(dir, 'tenant-docs.sqlite'));
    // Several server processes may share the folder: WAL lets them read while one writes.
    db.pragma('journal_mode = WAL');
    // A lost entry costs one validation at the next start: no sync to disk per stored document.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS outcomes (key TEXT PRIMARY KEY, version TEXT NOT NULL, outcome TEXT NOT NULL, doc TEXT)');
    // When an entry was last loaded by a start (epoch ms), in a table of its own: SQLite rewrites a whole row to update
    // one column, and an outcome's row holds its document (~70 KB), so marking 10,000 rows at a start wrote ~700 MB.
    const hasUses = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'uses'").get() !== undefined;
    if (!hasUses) {
      db.exec('CREATE TABLE uses (key TEXT PRIMARY KEY, used_at INTEGER NOT NULL) WITHOUT ROWID');
      // A file of the version that kept the time in the outcome's row: its times carry over.
      const columns = db.prepare<[], { name: string }>('PRAGMA table_info(outcomes)').all();
      if (columns.some((c) => c.name === 'used_at')) db.exec('INSERT INTO uses (key, used_at) SELECT key, used_at FROM outcomes');
    }
    db.prepare('DELETE FROM outcomes WHERE version <> ? AND key NOT IN (SELECT key FROM uses WHERE used_at >= ?)').run(version, Date.now() - graceMs);
    db.exec('DELETE FROM uses WHERE key NOT IN (SELECT key FROM outcomes)');
    return new TenantDocCache(db, version, graceMs);
  }

  key(slug: string, text: string, templates: string): string {
    return createHash('sha256').update(this.version).update('\0').update(templates).update('\0').update(slug).update('\0').update(text).digest('hex');
  }

  outcome(key: string): CachedOutcome | undefined {
    const row = this.outcomeRow.get(key);
    return row ? (JSON.parse(row.outcome) as CachedOutcome) : undefined;
  }

  /** The validated document (with its defaults filled in) of a valid entry. */
  doc(key: string): TenantDocument | undefined {
    const text = this.docRow.get(key)?.doc;
    return text ? (JSON.parse(text) as TenantDocument) : undefined;
  }

  /** Stores a loaded tenant's outcome under `key`; returns it as the registry keeps it. */
  put(key: string, t: LoadedTenant): CachedOutcome {
    const outcome: CachedOutcome = t.ok ? { ok: true, summary: summaryOf(t.doc) } : { ok: false, problems: t.problems, domains: t.domains };
    this.insert(key, JSON.stringify(outcome), t.ok ? JSON.stringify(t.doc) : null, Date.now());
    return outcome;
  }

  /**
   * Marks `keep` (the keys of the documents just loaded) as used now and drops the entries no start has loaded within
   * the grace period: a deleted site's entry, and the entry of an older text of a site, would otherwise stay in the
   * file for ever. Returns how many went.
   */
  prune(keep: ReadonlySet<string>, now = Date.now()): number {
    let dropped = 0;
    this.db.transaction(() => {
      for (const key of keep) this.touch.run(key, now);
      for (const row of this.unusedKeys.all(now - this.graceMs))
        if (!keep.has(row.key)) {
          this.remove(row.key);
          dropped++;
        }
    })();
    return dropped;
  }

  close(): void {
    this.db.close();
  }
}
