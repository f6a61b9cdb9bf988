// The unsubscribe store's tables, step by step (see runtime/infra/db/migrate.ts). Version 1 is what the store created
// before migrations, so those databases are adopted as they are.
import type { StoreMigrations } from '../infra/db/migrate';

export const unsubscribeMigrations: StoreMigrations = {
  store: 'unsubscribes',
  migrations: [
    {
      version: 1,
      name: 'unsubscribes',
      sqlite: `
CREATE TABLE IF NOT EXISTS unsubscribes (
  tenant TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, email)
);
`,
      postgres: `
CREATE TABLE IF NOT EXISTS unsubscribes (
  tenant TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (tenant, email)
);
`,
    },
  ],
};
