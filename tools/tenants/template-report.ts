// npx tsx tools/tenants/template-report.ts <template> <new-template.json> [--write]
// Before a changed template is published: which tenants it changes and which of its locked values change in each (a
// locked value reaches every tenant of the template); with --write the new template replaces the old one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tenantFiles } from '../../runtime/tenants/load';
import { publishTemplateChange, templateChangeReport } from '../../runtime/tenants/template-change';

const [name, newFile, flag] = process.argv.slice(2);
if (!name || !newFile) {
  console.error('usage: npx tsx tools/tenants/template-report.ts <template> <new-template.json> [--write]');
  process.exit(2);
}
const tenantsDir = process.env.TENANTS_DIR ?? 'tenants';
const templatesDir = process.env.TEMPLATES_DIR ?? join(tenantsDir, 'templates');
const tenants = tenantFiles(tenantsDir).map((f) => ({ slug: f.slice(f.lastIndexOf('/') + 1, -'.json'.length), text: readFileSync(f, 'utf8') }));
const newText = readFileSync(newFile, 'utf8');
const published = flag === '--write' ? publishTemplateChange(templatesDir, tenants, name, newText, (path, text) => writeFileSync(path, text)) : undefined;
const report = published?.report ?? templateChangeReport(templatesDir, tenants, name, newText);
if (!report.length) console.log(`The new ${name} template changes no tenant.`);
for (const r of report) {
  console.log(`${r.slug}: changed${r.lockedChanges.length ? `; locked values changed: ${r.lockedChanges.join(', ')}` : ''}`);
  for (const p of r.problems) console.log(`  would not be served: ${p}`);
}
if (published && !published.written) {
  console.error('Not written: fix the problems above first.');
  process.exit(1);
}
if (published) console.log(`Wrote ${join(templatesDir, `${name}.json`)}; each tenant above shows the change when the server reloads it.`);
