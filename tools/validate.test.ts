// npm run validate across sites: a domain or site id claimed by two tenant files is refused (CI never ships a
// takeover), and every problem is printed before the process exits, also into a pipe.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempTenantsDir } from '../test-support/tenants';

const validate = (...files: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'tools/validate.ts'), ...files], {
    cwd: repoRoot,
    encoding: 'utf8',
  });

describe('tools/validate.ts', () => {
  it('refuses a domain that another tenant file of the folder already has, naming the domain', () => {
    const dir = tempTenantsDir({}, { withShippedTenants: true });
    const file = join(dir, 'harbourside-mazda.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.domains.push('WWW.BigSkyCars.example');
    writeFileSync(file, JSON.stringify(doc));
    const run = validate(file);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'harbourside-mazda.json: domains[2]: domain "www.bigskycars.example" is already served by another site; a domain can belong to one site only',
    );
  }, 30_000);

  it('prints every problem of every file into a pipe before exiting', () => {
    const dir = tempTenantsDir({}, { withShippedTenants: true });
    const files = ['big-sky-cars', 'harbourside-mazda', 'outback-caravans-motorcycles', 'southern-cross-motor-group'].map((slug) => join(dir, `${slug}.json`));
    for (const f of files) {
      const doc = JSON.parse(readFileSync(f, 'utf8'));
      // 400 problems per file: far more output than one pipe buffer holds.
      for (let i = 0; i < 400; i++) doc[`unknownField${i}`] = 'x'.repeat(100);
      writeFileSync(f, JSON.stringify(doc));
    }
    const run = validate(...files);
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => l.includes('unknown field')).length).toBe(1600);
    expect(run.stderr).toContain('4 of 4 tenant documents are invalid');
  }, 30_000);
});
