// Which tenant a request is for, by host name: {slug}.localhost in development, configured domains in production,
// and the default tenant on a bare localhost / IP address.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { describeProblems, loadTenant, loadTenants, type LoadedTenant } from '../tenants/load';
import { hostsOfDomain, normaliseDomain, siteIdentity, type SiteIdentity } from '../tenants/checks/unique-across-tenants';

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

  constructor(
    private readonly tenantsDir: string,
    private readonly templatesDir: string,
    private readonly defaultSlug: string | undefined,
    private readonly log: (message: string) => void = console.error,
  ) {}

  loadAll(): LoadedTenant[] {
    const loaded = loadTenants(this.tenantsDir, this.templatesDir);
    this.tenants.clear();
    this.domains.clear();
    for (const t of loaded) this.store(t);
    return loaded;
  }

  /** Re-reads one tenant file (after a publish) without touching the others. */
  reload(file: string): LoadedTenant {
    const t = loadTenant(file, this.templatesDir);
    this.store(t);
    return t;
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
          for (const [domain, owner] of [...this.domains]) if (owner === slug) this.domains.delete(domain);
          this.log(`tenant "${slug}" is no longer served: its file was removed`);
        }
        return;
      }
      this.reloadIfValid(file);
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

  /** Serves tenants loaded elsewhere (from the PostgreSQL tenant store) in place of all others. */
  replaceAll(loaded: LoadedTenant[]): LoadedTenant[] {
    this.tenants.clear();
    this.domains.clear();
    for (const t of loaded) this.store(t);
    return loaded;
  }

  /** Stops serving a tenant (its document was removed). */
  remove(slug: string): void {
    if (this.tenants.delete(slug)) {
      for (const [domain, owner] of [...this.domains]) if (owner === slug) this.domains.delete(domain);
      this.log(`tenant "${slug}" is no longer served: its document was removed`);
    }
  }

  /**
   * Loads one tenant file (or takes a tenant loaded from the store); swaps it in only if it validates, or if nothing
   * valid was served for it before.
   */
  reloadIfValid(source: string | LoadedTenant): LoadedTenant {
    const t = typeof source === 'string' ? loadTenant(source, this.templatesDir) : source;
    const current = this.tenants.get(t.slug);
    if (!t.ok && current?.ok) {
      this.log(`tenant "${t.slug}": the changed file does not validate, so the last valid document is still served:\n${describeProblems(t)}`);
      return current;
    }
    this.store(t);
    return t;
  }

  private store(t: LoadedTenant) {
    for (const [domain, slug] of [...this.domains]) if (slug === t.slug) this.domains.delete(domain);
    this.tenants.set(t.slug, t);
    const domains = t.ok ? (t.doc.domains ?? []) : t.domains;
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
        else this.domains.set(host, t.slug);
      }
    }
    if (!t.ok) this.log(`tenant "${t.slug}" is not served: its document does not validate:\n${describeProblems(t)}`);
  }

  /** Slug and domains of every loaded site (valid or not), for checks across sites. */
  identities(): SiteIdentity[] {
    return this.all.map((t) => (t.ok ? siteIdentity(t.doc) : { slug: t.slug, domains: t.domains }));
  }

  get all(): LoadedTenant[] {
    return [...this.tenants.values()];
  }

  get defaultTenant(): string | undefined {
    if (this.defaultSlug) return this.defaultSlug;
    return this.all.find((t) => t.ok)?.slug;
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
