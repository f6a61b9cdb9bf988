// The validator refuses invalid documents naming the file and JSON path; a server never serves an invalid tenant
// while the others keep serving.
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSlugs, isolatedDataEnv, port as mainPort, root, siteUrl, startServer, type SpecServer } from './helpers';

function tenantsCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-tenants-'));
  cpSync(join(root, 'tenants'), dir, { recursive: true });
  return dir;
}

function validate(file: string) {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'tools/validate.ts'), file], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout };
}

const slug = demoSlugs[0];

test.describe('npm run validate', () => {
  test('passes on the shipped tenants', () => {
    const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'tools/validate.ts')], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
  });

  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const cases: [string, (doc: any) => void, RegExp][] = [
    [
      'an unknown block type',
      (doc) => (doc.pages['/'].blocks[0].type = 'no-such-block'),
      /pages\["\/"\]\.blocks\[0\]\.type: unknown block type "no-such-block"/,
    ],
    ['a removed required field', (doc) => delete doc.name, /: name: required field "name" is missing/],
    [
      'a string where a number belongs',
      (doc) => (doc.dealerships[0].locations[0].id = 'one'),
      /: dealerships\[0\]\.locations\[0\]\.id: must be a whole number, but is the text "one"/,
    ],
  ];
  for (const [what, change, expected] of cases) {
    test(`fails on ${what}, naming the file and the JSON path`, () => {
      const dir = tenantsCopy();
      const file = join(dir, `${slug}.json`);
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      change(doc);
      writeFileSync(file, JSON.stringify(doc));
      const { status, out } = validate(file);
      expect(status).toBe(1);
      expect(out).toContain(`${slug}.json: `);
      expect(out).toMatch(expected);
    });
  }
});

test.describe('a tenant with an invalid document', () => {
  const port = mainPort + 1;
  let server: SpecServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dir = tenantsCopy();
    const file = join(dir, `${slug}.json`);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.theme.primary = 'not a colour';
    writeFileSync(file, JSON.stringify(doc));
    server = await startServer({
      port,
      env: { TENANTS_DIR: dir, INVENTORY_SIZE: '2000', ...isolatedDataEnv(mkdtempSync(join(tmpdir(), 'e2e-invalid-tenant-'))) },
      timeoutMs: 90_000,
    });
  });
  test.afterAll(() => server?.stop());

  test('is refused with a 503 and a clear log, while the other tenants keep serving', async ({ page }) => {
    const refused = await page.goto(siteUrl(slug, '/', port));
    expect(refused?.status()).toBe(503);
    await expect(page.locator('h1')).toHaveText('Site temporarily unavailable');
    expect(server!.log()).toContain(`tenant "${slug}" is not served`);
    expect(server!.log()).toContain('theme.primary: the text "not a colour" does not have the expected form');
    for (const other of demoSlugs.filter((s) => s !== slug)) {
      const ok = await page.goto(siteUrl(other, '/', port));
      expect(ok?.status()).toBe(200);
      await expect(page.locator('main h1').first()).toBeVisible();
    }
    // The process stays ready (one document must not take the other sites down), and says how many sites it refuses.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).details.tenants).toEqual({ servable: demoSlugs.length - 1, invalid: 1 });
  });
});
