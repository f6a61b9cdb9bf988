// npm run validate [-- files...]: validates tenant documents (resolved with their templates) against the tenant
// schema and the cross-document checks, including those across sites (a domain, site id or dealership id belongs to one site;
// the other tenant files of each file's folder are compared too). Exit 0 when all pass; otherwise one line per
// problem and exit 1. Every problem is printed before the process ends, also when the output is a pipe.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTenant, tenantFiles, type LoadedTenant } from '../runtime/tenants/load';
import { formatProblem, type Problem } from '../runtime/tenants/problems';
import { contrastFindings } from '../runtime/tenants/validate';
import { clashesWith, siteIdentity, type SiteIdentity } from '../runtime/tenants/checks/unique-across-tenants';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const files = args.length ? args.map((f) => resolve(f)) : tenantFiles(join(root, 'tenants'));

// A tenant file's templates live in the templates folder beside it.
const load = (file: string) => loadTenant(file, join(dirname(file), 'templates'));
const identity = (t: LoadedTenant): SiteIdentity => (t.ok ? siteIdentity(t.doc) : { slug: t.slug, domains: t.domains });

const lines: string[] = [];
let failed = 0;
const loaded = new Map<string, LoadedTenant>();
for (const file of files) if (existsSync(file)) loaded.set(file, load(file));
// The sites each file is compared with: every tenant file of its folder and every file named.
const siblings = new Map<string, LoadedTenant>(loaded);
for (const dir of new Set([...loaded.keys()].map(dirname))) {
  for (const f of tenantFiles(dir)) if (!siblings.has(f)) siblings.set(f, load(f));
}

for (const file of files) {
  const shown = relative(process.cwd(), file) || file;
  const result = loaded.get(file);
  if (!result) {
    lines.push(`${shown}: file not found`);
    failed++;
    continue;
  }
  const others = [...siblings].filter(([f]) => f !== file).map(([, t]) => identity(t));
  const contrast = result.ok ? contrastFindings(result.doc) : { errors: [], warnings: [] };
  const problems: Problem[] = [...(result.ok ? [] : result.problems), ...clashesWith(identity(result), others), ...contrast.errors];
  // Low contrast a site has accepted (with its reason) is printed and does not fail the document.
  for (const w of contrast.warnings) lines.push(formatProblem(shown, { ...w, message: `warning: ${w.message}` }));
  if (!problems.length) continue;
  failed++;
  for (const p of problems) lines.push(formatProblem(shown, p));
}
if (lines.length) process.stdout.write(lines.join('\n') + '\n');
process.stderr.write(failed ? `${failed} of ${files.length} tenant documents are invalid\n` : `${files.length} tenant documents are valid\n`);
// exitCode rather than process.exit(): exit() can end the process before a piped stdout has been written out.
process.exitCode = failed ? 1 : 0;
