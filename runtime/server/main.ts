// Starts the one server that serves every tenant. Configuration by environment variables (see README).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { manifestAssets } from './assets';
import { TenantRegistry } from './tenant-registry';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const tenantsDir = resolve(process.env.TENANTS_DIR ?? 'tenants');
const templatesDir = resolve(process.env.TEMPLATES_DIR ?? join(tenantsDir, 'templates'));
const clientDir = resolve(process.env.CLIENT_DIR ?? join(here, '../client'));

const registry = new TenantRegistry(tenantsDir, templatesDir, process.env.DEFAULT_TENANT);
const loaded = registry.loadAll();
const app = createApp({ registry, clientDir, assets: manifestAssets(clientDir) });

const server = app.listen(port, host, () => {
  console.log(`Dealer sites listening on port ${port} (tenants from ${tenantsDir})`);
  for (const t of loaded) {
    const status = t.ok ? '' : '  (NOT SERVED: invalid document, see errors above)';
    console.log(`  ${t.slug.padEnd(28)} http://${t.slug}.localhost:${port}/${status}`);
  }
  const fallback = registry.defaultTenant;
  if (fallback) console.log(`  default tenant (plain localhost): ${fallback} at http://localhost:${port}/`);
});

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
