// The editor's tables, store by store and step by step (see runtime/infra/db/migrate.ts). Each version 1 is exactly
// what that store made on open before migrations, so databases made then are adopted as they are.
import { mailOutboxTableSql } from '../accounts/mail-outbox';
import type { Migration, StoreMigrations } from '../infra/db/migrate';

/** A step whose SQL is the same on both engines (BIGINT is an integer column in SQLite too). */
const both = (version: number, name: string, ddl: string): Migration => ({ version, name, sqlite: ddl, postgres: ddl });

export const editorSessionMigrations: StoreMigrations = {
  store: 'editor_sessions',
  migrations: [
    both(
      1,
      'editor sessions',
      `
CREATE TABLE IF NOT EXISTS editor_sessions (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  csrf TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS editor_sessions_email ON editor_sessions (email);
`,
    ),
  ],
};

export const mediaIndexMigrations: StoreMigrations = {
  store: 'editor_media',
  migrations: [
    both(
      1,
      'media library index',
      `CREATE TABLE IF NOT EXISTS editor_media (
  id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
  url TEXT NOT NULL, variants TEXT NOT NULL, size INTEGER NOT NULL, created_at BIGINT NOT NULL, author TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS editor_media_tenant ON editor_media (tenant, created_at);`,
    ),
  ],
};

const staffTables = (serial: string) => `
CREATE TABLE IF NOT EXISTS editor_tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  purpose TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX IF NOT EXISTS editor_tokens_email ON editor_tokens (email);
${mailOutboxTableSql('editor_mail', { bigint: 'BIGINT', serial })}CREATE TABLE IF NOT EXISTS editor_audit (
  id ${serial},
  tenant TEXT NOT NULL,
  at BIGINT NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  action TEXT NOT NULL,
  rev INTEGER NOT NULL,
  restored_from INTEGER,
  published INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS editor_audit_tenant ON editor_audit (tenant, id);
`;

export const editorStaffMigrations: StoreMigrations = {
  store: 'editor_staff',
  migrations: [
    {
      version: 1,
      name: 'staff links, their mail outbox and the audit log',
      sqlite: staffTables('INTEGER PRIMARY KEY AUTOINCREMENT'),
      postgres: staffTables('BIGSERIAL PRIMARY KEY'),
    },
    // A template publish is recorded in each site it reached: which template, and every site it reached (a JSON list).
    both(2, 'template publishes in the audit log', 'ALTER TABLE editor_audit ADD COLUMN template TEXT;\nALTER TABLE editor_audit ADD COLUMN reached TEXT;'),
  ],
};

/** PostgreSQL only: the file backend keeps tenant documents in tenants/*.json (see docs/decisions/0006). */
const documentTables = `
CREATE TABLE IF NOT EXISTS tenant_documents (
  slug TEXT PRIMARY KEY,
  file TEXT NOT NULL,
  version BIGINT NOT NULL DEFAULT 1,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS tenant_revisions (
  slug TEXT NOT NULL,
  rev INTEGER NOT NULL,
  kind TEXT NOT NULL,
  author TEXT NOT NULL,
  author_name TEXT NOT NULL,
  at TEXT NOT NULL,
  base_rev INTEGER,
  restored_from INTEGER,
  doc TEXT NOT NULL,
  PRIMARY KEY (slug, rev)
);
`;

export const tenantDocumentMigrations: StoreMigrations = {
  store: 'tenant_documents',
  migrations: [
    {
      version: 1,
      name: 'tenant documents and revisions',
      sqlite: () => {
        throw new Error('tenant documents are kept in PostgreSQL or in files, never in SQLite');
      },
      postgres: documentTables,
    },
  ],
};
