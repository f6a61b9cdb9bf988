// Links never rot (DESIGN.md "Links"; issue 15): for every demo site, the production server renders every page the
// site has (all routes without a required parameter), every internal link in that HTML (header, footer and page
// blocks) is requested, and any answering 404 or 5xx fails the walk with where it was found. The validator's
// internal-link check (runtime/tenants/checks/internal-links.ts) covers the same at document level.
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { resolveTenantFile } from '../runtime/tenants/resolve';
import { demoSlugs, port, root } from './helpers';

interface Answer {
  status: number;
  location?: string;
  body: string;
}

/** GET on the started server with the site's Host (Node's fetch ignores a custom Host header). */
function get(slug: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}`, accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${slug}${path}`)));
    req.end();
  });
}

/** The site's pages a visitor can open without a parameter: '/search/:make?/:model?' is '/search'. */
function pagesToRender(slug: string): string[] {
  const doc = resolveTenantFile(join(root, 'tenants', `${slug}.json`), join(root, 'tenants', 'templates'));
  return Object.keys(doc.pages)
    .filter((route) => route !== '*')
    .map((route) => route.replace(/\/:[^/]+\?/g, '') || '/')
    .filter((route) => !route.includes(':'));
}

const decode = (href: string) =>
  href
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** Internal links of a rendered page (anchors and links with an href on this site), without their fragment. */
export function internalLinks(html: string): string[] {
  const links = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = decode(m[1] ?? '').replace(/#.*$/s, '');
    if (href.startsWith('/') && !href.startsWith('//')) links.add(href);
  }
  return [...links];
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

// Paths only another branch's pages satisfy (issue-15brands: brand overview and model pages). They still fail the
// walk; the failure message marks them so the list says which branch is expected to fix them.
const BRAND_OR_MODEL_PAGE = /^\/([a-z0-9-]+\/overview|models\b|brands\b)/;

test.describe.configure({ mode: 'parallel' });

for (const slug of demoSlugs) {
  test(`${slug}: every internal link in the header, footer and page blocks leads to a page`, async () => {
    test.setTimeout(240_000);
    const foundOn = new Map<string, string>();
    const failures: string[] = [];
    const pages = pagesToRender(slug);
    expect(pages).toContain('/');

    await inBatches(pages, 3, async (path) => {
      const answer = await get(slug, path);
      if (answer.status >= 500) failures.push(`${path}: the page itself answers ${answer.status}`);
      if (answer.status !== 200) return; // a page that needs a query (/print) or a signed-in shopper
      for (const link of internalLinks(answer.body)) if (!foundOn.has(link)) foundOn.set(link, path);
    });
    expect(foundOn.size, `${slug} has internal links`).toBeGreaterThan(10);

    const checked = new Set<string>();
    const check = async (link: string, from: string, hops = 0): Promise<void> => {
      if (checked.has(link)) return;
      checked.add(link);
      const answer = await get(slug, link);
      if (answer.status === 404 || answer.status >= 500) {
        const note = BRAND_OR_MODEL_PAGE.test(link) ? ' (a brand or model page: issue-15brands)' : '';
        failures.push(`${link} answers ${answer.status}, linked from ${from}${note}`);
      } else if (answer.status >= 300 && answer.status < 400 && answer.location && hops < 3) {
        const next = new URL(answer.location, `http://${slug}.localhost:${port}`);
        if (next.host === `${slug}.localhost:${port}`) await check(next.pathname + next.search, `${from} (redirected from ${link})`, hops + 1);
      }
    };
    await inBatches([...foundOn], 4, ([link, from]) => check(link, from));
    console.log(`${slug}: ${pages.length} pages rendered, ${checked.size} internal links checked, ${failures.length} failing`);
    expect(failures.sort(), `${slug}: links that rot (${failures.length} of ${checked.size} checked)`).toEqual([]);
  });
}
