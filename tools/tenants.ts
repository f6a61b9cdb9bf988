// npm run tenants -- new|import|export: create a site, or move tenant documents between the tenants folder and
// PostgreSQL (DATABASE_URL).
//   new <slug> --template NAME --name "Dealer name" --domain example.com.au [--domain …] [--url https://…] [--dir tenants]
//       writes DIR/<slug>.json: the template's pages plus a home page, one dealership and one location to fill in. It
//       passes npm run validate at once (the command checks it before it finishes).
//   import [--from tenants] [--revisions data/editor/tenants] [slug...]
//       validates every file (as npm run validate) and writes them all into PostgreSQL, or nothing when one fails;
//       running servers serve each imported document within a second (NOTIFY). --revisions also imports the editor's
//       revision files for tenants that have no revisions in PostgreSQL yet.
//   export [--to tenants] [--templates DIR]
//       writes every tenant document held in PostgreSQL back into the folder (then: npm run validate, git diff).
// Exit 0 when done; 1 with the problems otherwise.
import { existsSync } from 'node:fs';
import { createTenant } from './tenants/new';
import { join, resolve } from 'node:path';
import { exportTenants, filesNotInStore, importTenants } from '../runtime/editor/tenant-transfer';
import { PgTenantDocumentStore } from '../runtime/editor/pg-document-store';

const [command, ...rest] = process.argv.slice(2);
const flag = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = rest[i + 1];
  rest.splice(i, 2);
  return value;
};
const flags = (name: string) => {
  const values: string[] = [];
  for (let v = flag(name); v !== undefined; v = flag(name)) values.push(v);
  return values;
};
if (command === 'new') {
  const dir = resolve(flag('dir') ?? 'tenants');
  const options = { template: flag('template'), name: flag('name'), url: flag('url'), domains: flags('domain') };
  process.exit(createTenant(dir, { ...options, slug: rest[0] }) ? 0 : 1);
}
const usage =
  'usage: npm run tenants -- new <slug> --template NAME --name "…" --domain … | import [--from DIR] [--revisions DIR] [slug...] | export [--to DIR] [--templates DIR]   (DATABASE_URL must be set)';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || (command !== 'import' && command !== 'export')) {
  console.error(databaseUrl ? usage : `DATABASE_URL is not set.\n${usage}`);
  process.exit(1);
}

const store = await PgTenantDocumentStore.open(databaseUrl);
let code = 0;
try {
  if (command === 'import') {
    const from = resolve(flag('from') ?? 'tenants');
    const revisions = flag('revisions');
    const report = await importTenants(store, from, { revisionsDir: revisions && resolve(revisions), only: rest });
    if (report.problems.length) {
      console.error(`Nothing was imported: ${report.problems.length} problem(s):\n${report.problems.join('\n')}`);
      code = 1;
    } else {
      console.log(
        `Imported ${report.written.length} tenant document(s) from ${from} into PostgreSQL: ${report.written.join(', ')}${revisions ? `; ${report.revisions} revision(s)` : ''}`,
      );
    }
  } else {
    const to = resolve(flag('to') ?? 'tenants');
    const templates =
      flag('templates') ?? (existsSync(join(to, 'templates')) ? join(to, 'templates') : resolve(process.env.TEMPLATES_DIR ?? 'tenants/templates'));
    const report = await exportTenants(store, to, templates);
    console.log(`Exported ${report.written.length} tenant document(s) from PostgreSQL into ${to}`);
    const extra = await filesNotInStore(store, to);
    if (extra.length) console.log(`Left alone (in the folder, not in PostgreSQL): ${extra.join(', ')}`);
    if (report.problems.length) {
      console.error(`${report.problems.length} problem(s) in the exported documents:\n${report.problems.join('\n')}`);
      code = 1;
    }
  }
} finally {
  await store.close();
}
process.exit(code);
