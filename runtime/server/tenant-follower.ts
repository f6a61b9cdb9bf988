// Keeps a process's TenantRegistry in step with a tenant document store (PostgreSQL): every change another process
// publishes (LISTEN/NOTIFY) is loaded and validated here before it is swapped in; a document that does not validate
// never replaces one being served. Reloads of one tenant run one after another, so an older read never lands last.
import type { TenantChange, TenantDocumentStore } from '../editor/document-store';
import type { TenantRegistry } from './tenant-registry';

export class TenantFollower {
  private chains = new Map<string, Promise<void>>();
  private stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly store: TenantDocumentStore,
    private readonly registry: TenantRegistry,
    private readonly log: (message: string) => void = console.error,
  ) {}

  /** Loads one tenant from the store and offers it to the registry; resolves once it is served (or refused). */
  refresh(slug: string): Promise<void> {
    const next = (this.chains.get(slug) ?? Promise.resolve()).then(async () => {
      try {
        // Through the registry's cache: an unchanged document (a refresh of every site after a reconnect) is not validated again.
        const text = await this.store.readText(slug);
        const t = text === undefined ? undefined : this.registry.loadText(slug, text, this.store.label(slug));
        if (t) this.registry.reloadIfValid(t);
        else this.registry.remove(slug);
      } catch (e) {
        this.log(`tenant "${slug}": could not be reloaded from the ${this.store.kind} store (the last document is still served): ${(e as Error).message}`);
      }
    });
    this.chains.set(slug, next);
    void next.finally(() => {
      if (this.chains.get(slug) === next) this.chains.delete(slug);
    });
    return next;
  }

  /** Every tenant in the store, and none that left it. */
  async refreshAll(): Promise<void> {
    const slugs = await this.store.slugs();
    for (const t of this.registry.all) if (!slugs.includes(t.slug)) this.registry.remove(t.slug);
    await Promise.all(slugs.map((s) => this.refresh(s)));
  }

  async start(): Promise<void> {
    this.stop = await this.store.follow((change: TenantChange) => {
      if ('slug' in change) void this.refresh(change.slug);
      else void this.refreshAll().catch((e) => this.log(`tenant documents: reload failed: ${(e as Error).message}`));
    }, this.log);
  }

  async close(): Promise<void> {
    await this.stop?.();
    await Promise.allSettled([...this.chains.values()]);
  }
}
