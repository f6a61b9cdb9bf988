// The view store's tables, step by step (see runtime/infra/db/migrate.ts). Version 1 is what the store created before
// migrations, so those databases are adopted as they are.
import type { StoreMigrations } from '../infra/db/migrate';

export const viewMigrations: StoreMigrations = {
  store: 'views',
  migrations: [
    {
      version: 1,
      name: 'car_views and car_view_visitors',
      sqlite: `
CREATE TABLE IF NOT EXISTS car_views (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  last_viewed_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, car_id)
);
CREATE TABLE IF NOT EXISTS car_view_visitors (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, car_id, day, visitor)
);
CREATE INDEX IF NOT EXISTS car_view_visitors_seen_at ON car_view_visitors (seen_at);
`,
      postgres: `
CREATE TABLE IF NOT EXISTS car_views (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  last_viewed_at BIGINT NOT NULL,
  PRIMARY KEY (tenant, car_id)
);
CREATE TABLE IF NOT EXISTS car_view_visitors (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  seen_at BIGINT NOT NULL,
  PRIMARY KEY (tenant, car_id, day, visitor)
);
CREATE INDEX IF NOT EXISTS car_view_visitors_seen_at ON car_view_visitors (seen_at);
`,
    },
  ],
};
