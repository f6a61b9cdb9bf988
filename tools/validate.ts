// npm run validate [-- files...]: validates tenant documents (resolved with their templates) against the tenant
// schema and the cross-document checks. Exit 0 when all pass; otherwise one line per problem and exit 1.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTenant, tenantFiles } from '../runtime/tenants/load';
import { formatProblem } from '../runtime/tenants/problems';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const files = args.length ? args.map((f) => resolve(f)) : tenantFiles(join(root, 'tenants'));
let failed = 0;
for (const file of files) {
  const shown = relative(process.cwd(), file) || file;
  if (!existsSync(file)) {
    console.log(`${shown}: file not found`);
    failed++;
    continue;
  }
  // A tenant file's templates live in the templates folder beside it.
  const result = loadTenant(file, join(dirname(file), 'templates'));
  if (result.ok) continue;
  failed++;
  for (const p of result.problems) console.log(formatProblem(shown, p));
}
console.error(failed ? `${failed} of ${files.length} tenant documents are invalid` : `${files.length} tenant documents are valid`);
process.exit(failed ? 1 : 0);
