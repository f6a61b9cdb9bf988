// Where unsubscribed addresses live, per site: one interface, two backends (SQLite file by default, PostgreSQL when
// DATABASE_URL is set), as the lead store. A record is committed before the server says it is done.
export interface UnsubscribeRecord {
  tenant: string;
  email: string;
  createdAt: number;
}

export interface UnsubscribeStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Records the address for the site; `created: false` when it was already unsubscribed there (idempotent). */
  add(record: UnsubscribeRecord): Promise<{ created: boolean }>;
  /** Whether the address is unsubscribed on the site. */
  has(tenant: string, email: string): Promise<boolean>;
  /** The site's records, oldest first. */
  list(tenant: string): Promise<UnsubscribeRecord[]>;
  close(): Promise<void>;
}
