// Which tenant a request is for, by host name: {slug}.localhost in development, configured domains in production,
// and the default tenant on a bare localhost / IP address.
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { describeProblems, loadTenant, loadTenantText, summaryOf, tenantFiles, type LoadedTenant, type TenantSummary } from '../tenants/load';
import { validateTenantDocument } from '../tenants/validate';
import { hostsOfDomain, normaliseDomain, siteIdentity, type SiteIdentity } from '../tenants/checks/unique-across-tenants';
import { type CachedOutcome, type TenantDocCache, templatesKey } from './tenant-doc-cache';

export interface RegistryOptions {
  /** Where publishes are reported (a line per swapped-in document, with its time). */
  info?: (message: string) => void;
  /** Validated documents by content hash across starts; without it every document is validated and kept whole. */
  cache?: TenantDocCache;
  /** With a cache: how many visited sites keep their whole document in memory (the least recently used go first). */
  documentsInMemory?: number;
}

export type HostMatch = { kind: 'tenant'; doc: TenantDocument } | { kind: 'broken'; slug: string } | { kind: 'unknown' };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

export class TenantRegistry {
  private tenants = new Map<string, LoadedTenant>();
  /** Host -> slug: every host of every listed domain (hostsOfDomain), so lookups never guess at www. */
  private domains = new Map<string, string>();
  /** Slug -> the hosts it was given, so replacing or removing a site touches its own hosts only. */
  private hostsOf = new Map<string, string[]>();
  /** Whole documents of recently visited sites (cache key -> document), oldest first. */
  private recent = new Map<string, TenantDocument>();
  private readonly info: (message: string) => void;
  private readonly cache: TenantDocCache | undefined;
  private readonly documentsInMemory: number;

  constructor(
    private readonly tenantsDir: string,
    private readonly templatesDir: string,
    private readonly defaultSlug: string | undefined,
    private readonly log: (message: string) => void = console.error,
    options: RegistryOptions = {},
  ) {
    this.info = options.info ?? console.log;
    this.cache = options.cache;
    this.documentsInMemory = Math.max(1, options.documentsInMemory ?? 500);
  }

  /**
   * Of the last loadAll / loadStore: how many documents were validated, how many outcomes came from the cache and how
   * many cache entries were dropped (of sites deleted since, or of older texts).
   */
  readonly loadCounts = { validated: 0, cached: 0, pruned: 0 };

  loadAll(): LoadedTenant[] {
    this.loadCounts.validated = this.loadCounts.cached = this.loadCounts.pruned = 0;
    this.loadedKeys = new Set();
    const templates = this.cache ? templatesKey(this.templatesDir) : '';
    const loaded = tenantFiles(this.tenantsDir).map((f) => this.loadFile(f, templates));
    this.pruneCache();
    this.tenants.clear();
    this.domains.clear();
    this.hostsOf.clear();
    for (const t of loaded) this.store(t);
    return loaded;
  }

  /** Keys of the documents read by the load under way (none between loads): every other cache entry is stale after it. */
  private loadedKeys: Set<string> | undefined;

  private pruneCache() {
    if (this.cache && this.loadedKeys) this.loadCounts.pruned = this.cache.prune(this.loadedKeys);
    this.loadedKeys = undefined;
  }

  /**
   * Validates one served document again, its outcome thrown away, when every document came from the cache: the
   * validator's first run in a process costs many times a later one (its code is compiled by V8 as it first runs), and
   * that first run would otherwise be the first publish's. Returns the time it took, in ms.
   */
  warmUpValidator(): number {
    const started = performance.now();
    const slug = this.defaultTenant;
    const doc = slug ? this.docOf(slug) : undefined;
    if (doc) validateTenantDocument(doc);
    return performance.now() - started;
  }

  /** Re-reads one tenant file (after a publish) without touching the others. */
  reload(file: string): LoadedTenant {
    const t = this.loadFile(file);
    this.store(t);
    return t;
  }

  /**
   * One tenant file: its cached outcome when the file, its templates and the validator are unchanged, else resolved
   * and validated (and cached). A valid site cached keeps only its summary; its document is read on first use.
   */
  private loadFile(file: string, templates = this.cache ? templatesKey(this.templatesDir) : ''): LoadedTenant {
    if (!this.cache) {
      this.loadCounts.validated++;
      return loadTenant(file, this.templatesDir);
    }
    const slug = basename(file, '.json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return loadTenant(file, this.templatesDir); // reports the unreadable file as a problem
    }
    return this.loadText(slug, text, file, templates);
  }

  /**
   * A tenant file's contents from elsewhere (the PostgreSQL tenant store; `label` names it in problems): its cached
   * outcome when unchanged, else resolved, validated and cached.
   */
  loadText(slug: string, text: string, label: string, templates = this.cache ? templatesKey(this.templatesDir) : ''): LoadedTenant {
    if (!this.cache) {
      this.loadCounts.validated++;
      return loadTenantText(slug, text, this.templatesDir, label);
    }
    const file = label;
    const key = this.cache.key(slug, text, templates);
    this.loadedKeys?.add(key);
    let outcome = this.cache.outcome(key);
    if (outcome) this.loadCounts.cached++;
    else {
      this.loadCounts.validated++;
      outcome = this.cache.put(key, loadTenantText(slug, text, this.templatesDir, file));
    }
    return this.fromOutcome(file, slug, key, outcome);
  }

  private fromOutcome(file: string, slug: string, key: string, outcome: CachedOutcome): LoadedTenant {
    if (!outcome.ok) return { file, slug, ok: false, problems: outcome.problems, domains: outcome.domains };
    const document = () => this.document(file, key);
    const t: LoadedTenant = {
      file,
      slug,
      ok: true,
      summary: outcome.summary,
      get doc() {
        return document();
      },
    };
    this.cacheKeys.set(t, key);
    return t;
  }

  /** The cache key of each site read from the cache, for reads that leave the recently used documents alone. */
  private cacheKeys = new WeakMap<LoadedTenant, string>();

  /** A site's document for a background job: read without making it recently used (visited sites keep theirs). */
  private peek(t: LoadedTenant & { ok: true }): TenantDocument {
    const key = this.cacheKeys.get(t);
    return (key !== undefined && (this.recent.get(key) ?? this.cache?.doc(key))) || t.doc;
  }

  /** A cached site's whole document, kept among the recently used ones. */
  private document(file: string, key: string): TenantDocument {
    let doc = this.recent.get(key);
    if (doc) this.recent.delete(key);
    else {
      doc = this.cache?.doc(key);
      if (!doc) {
        // Its entry went (another process of another version shares the cache): validate the file again.
        const t = loadTenant(file, this.templatesDir);
        if (!t.ok) throw new Error(`tenant file ${file} no longer validates`);
        doc = t.doc;
      }
      while (this.recent.size >= this.documentsInMemory) this.recent.delete(this.recent.keys().next().value as string);
    }
    this.recent.set(key, doc);
    return doc;
  }

  /**
   * Follows the tenants folder, so a publish by another server process on the same files (or a deploy) is served
   * without a restart. A changed file is loaded and validated first; a document that does not validate never replaces
   * a tenant being served (it is logged, and the last good document stays). A deleted file stops its tenant.
   * Returns a function that stops watching.
   */
  watch(options: { debounceMs?: number } = {}): () => void {
    const debounceMs = options.debounceMs ?? 50;
    const pending = new Map<string, NodeJS.Timeout>();
    const refresh = (name: string) => {
      pending.delete(name);
      const file = join(this.tenantsDir, name);
      const slug = name.slice(0, -'.json'.length);
      if (!existsSync(file)) {
        if (this.tenants.delete(slug)) {
          this.releaseHosts(slug);
          this.log(`tenant "${slug}" is no longer served: its file was removed`);
        }
        return;
      }
      const started = performance.now();
      const before = this.tenants.get(slug);
      const t = this.reloadIfValid(file);
      // The time a publish takes to be served (validated, indexed, swapped in), as an operator would want to see it.
      if (t.ok && t !== before) this.info(`tenant "${slug}" swapped in ${(performance.now() - started).toFixed(1)} ms`);
    };
    let watcher: FSWatcher;
    try {
      watcher = watch(this.tenantsDir, { persistent: false }, (_event, name) => {
        // Only tenant documents: temporary files of atomic writes start with a dot and end in .tmp.
        if (typeof name !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*\.json$/.test(name)) return;
        clearTimeout(pending.get(name));
        pending.set(
          name,
          setTimeout(() => refresh(name), debounceMs),
        );
      });
    } catch (e) {
      this.log(`tenant files are not followed (restart to pick up changes): ${(e as Error).message}`);
      return () => {};
    }
    watcher.on('error', (e) => this.log(`watching ${this.tenantsDir} failed: ${e.message}`));
    return () => {
      watcher.close();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }

  /** Serves the documents of a tenant store (PostgreSQL) in place of all others, each through the cache. */
  async loadStore(store: {
    slugs(): Promise<string[]>;
    readText(slug: string): Promise<string | undefined>;
    label(slug: string): string;
  }): Promise<LoadedTenant[]> {
    this.loadCounts.validated = this.loadCounts.cached = this.loadCounts.pruned = 0;
    const templates = this.cache ? templatesKey(this.templatesDir) : '';
    const loaded: LoadedTenant[] = [];
    this.loadedKeys = new Set();
    for (const slug of await store.slugs()) {
      const text = await store.readText(slug);
      if (text !== undefined) loaded.push(this.loadText(slug, text, store.label(slug), templates));
    }
    this.pruneCache();
    return this.replaceAll(loaded);
  }

  /** Serves tenants loaded elsewhere (from the PostgreSQL tenant store) in place of all others. */
  replaceAll(loaded: LoadedTenant[]): LoadedTenant[] {
    this.tenants.clear();
    this.domains.clear();
    this.hostsOf.clear();
    for (const t of loaded) this.store(t);
    return loaded;
  }

  /** Stops serving a tenant (its document was removed). */
  remove(slug: string): void {
    if (this.tenants.delete(slug)) {
      this.releaseHosts(slug);
      this.log(`tenant "${slug}" is no longer served: its document was removed`);
    }
  }

  /**
   * Loads one tenant file (or takes a tenant loaded from the store); swaps it in only if it validates, or if nothing
   * valid was served for it before.
   */
  reloadIfValid(source: string | LoadedTenant): LoadedTenant {
    const t = typeof source === 'string' ? this.loadFile(source) : source;
    const current = this.tenants.get(t.slug);
    if (!t.ok && current?.ok) {
      this.log(`tenant "${t.slug}": the changed file does not validate, so the last valid document is still served:\n${describeProblems(t)}`);
      return current;
    }
    this.store(t);
    return t;
  }

  private releaseHosts(slug: string) {
    for (const host of this.hostsOf.get(slug) ?? []) if (this.domains.get(host) === slug) this.domains.delete(host);
    this.hostsOf.delete(slug);
  }

  private store(t: LoadedTenant) {
    this.releaseHosts(t.slug);
    this.tenants.set(t.slug, t);
    const domains = t.ok ? (t.summary ?? summaryOf(t.doc)).domains : t.domains;
    const given: string[] = [];
    this.hostsOf.set(t.slug, given);
    // A host belongs to the site that had it first: a later document naming it (a publish that got past the editor's
    // check, a file copied by hand) never takes it over; CI's validator refuses such a file.
    for (const d of domains) {
      for (const host of hostsOfDomain(d)) {
        const owner = this.domains.get(host);
        if (owner && owner !== t.slug)
          this.log(
            host === normaliseDomain(d)
              ? `tenant "${t.slug}" names the domain ${host}, which already belongs to tenant "${owner}": not served for "${t.slug}"`
              : `tenant "${t.slug}" names the domain ${normaliseDomain(d)}, whose host ${host} already belongs to tenant "${owner}": ${host} is not served for "${t.slug}"`,
          );
        else {
          this.domains.set(host, t.slug);
          given.push(host);
        }
      }
    }
    if (!t.ok) this.log(`tenant "${t.slug}" is not served: its document does not validate:\n${describeProblems(t)}`);
  }

  /** Slug and domains of every loaded site (valid or not), for checks across sites. */
  identities(): SiteIdentity[] {
    return this.all.map((t) => (t.ok ? siteIdentity(t.summary ?? t.doc) : { slug: t.slug, domains: t.domains }));
  }

  /** The summary of every site served (valid documents), without reading a whole document. */
  summaries(): TenantSummary[] {
    return this.all.flatMap((t) => (t.ok ? [t.summary ?? summaryOf(t.doc)] : []));
  }

  /** The documents of the sites that import a scheduled stock feed. */
  withFeeds(): TenantDocument[] {
    return this.all.flatMap((t) => (t.ok && (t.summary ?? summaryOf(t.doc)).feed ? [t.doc] : []));
  }

  /**
   * The documents of the sites that mail their shoppers alerts, each read when the caller comes to it: the alert job
   * goes over every such site once a minute, and must neither read thousands of documents in one go (no request is
   * answered meanwhile) nor push the visited sites' documents out of memory.
   */
  *withAlerts(only?: ReadonlySet<string>): Generator<TenantDocument> {
    for (const t of this.all) if (t.ok && (!only || only.has(t.slug)) && (t.summary ?? summaryOf(t.doc)).alerts) yield this.peek(t);
  }

  /**
   * /readyz's tenants check. Every document is loaded before the server listens, so each site is either servable or
   * answers its own 503 page: one invalid document does not make the process unready (that would take every other
   * site down with it; publish and CI refuse an invalid document before it gets here). Unready only when no site at
   * all can be served.
   */
  readiness(): { servable: number; invalid: number } {
    let servable = 0;
    for (const t of this.tenants.values()) if (t.ok) servable++;
    const counts = { servable, invalid: this.tenants.size - servable };
    if (servable === 0) throw new Error(`no tenant document is valid (${counts.invalid} invalid: see the validation errors logged at start)`);
    return counts;
  }

  /** One site by slug. */
  get(slug: string): LoadedTenant | undefined {
    return this.tenants.get(slug);
  }

  /** A served site's document by slug. */
  docOf(slug: string): TenantDocument | undefined {
    const t = this.tenants.get(slug);
    return t?.ok ? t.doc : undefined;
  }

  get all(): LoadedTenant[] {
    return [...this.tenants.values()];
  }

  get defaultTenant(): string | undefined {
    if (this.defaultSlug) return this.defaultSlug;
    for (const t of this.tenants.values()) if (t.ok) return t.slug;
    return undefined;
  }

  match(hostHeader: string | undefined): HostMatch {
    const host = hostName(hostHeader);
    let slug: string | undefined;
    if (LOCAL_HOSTS.has(host)) slug = this.defaultTenant;
    else if (host.endsWith('.localhost')) slug = host.slice(0, -'.localhost'.length);
    else slug = this.domains.get(host);
    const t = slug ? this.tenants.get(slug) : undefined;
    if (!t) return { kind: 'unknown' };
    return t.ok ? { kind: 'tenant', doc: t.doc } : { kind: 'broken', slug: t.slug };
  }
}
