// Script weight bench: npm run bench:weight [-- --tenant big-sky-cars|all] [--build]
//
// Starts the production server and opens the home, search and a vehicle page of a site in Chromium with a cold cache
// (Debian's Chromium, launched as the e2e tests launch it), waiting for hydration and the network to settle without
// scrolling or interacting: the JavaScript a shopper's first visit downloads. Prints each page's compressed script bytes
// (as transferred) by chunk and its number of script requests. Budget: at most 100 KB (plus react-router's 8.4 KB) and 25 script requests
// per page; exit 1 when a page goes over. --dist DIR measures the build in DIR/dist instead. --before DIR also measures
// the build in DIR/dist (e.g. main's, in a worktree) in the same run, each page of it just before the same page of this
// one, and prints both side by side; the budget applies to this build only.
import { chromium, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH, ensureBuild, htmlOf, root, startServer } from './server';
import { optionValue } from './option';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  return optionValue(args, name, fallback);
};
const PORT = Number(opt('port', '4105'));
// 100 KB, plus the measured cost of running react-router itself in the browser instead of a port of it: its chunk is
// 10.9 KB, the port it replaced was 2.5 KB of the site chunk, so every page grew by 8.4 KB (docs/performance.md).
const REACT_ROUTER_BYTES = 8.4 * 1024;
const BUDGET_BYTES = 100 * 1024 + REACT_ROUTER_BYTES;
const BUDGET_REQUESTS = 25;
const tenantArg = opt('tenant', 'big-sky-cars');
const tenants =
  tenantArg === 'all'
    ? readdirSync(join(root, 'tenants'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5))
    : [tenantArg];
const log = (m: string) => console.log(`[bench:weight] ${m}`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

ensureBuild(args.includes('--build'), log);
// --dist DIR measures another build (DIR/dist), e.g. the commit before a change.
const server = await startServer(PORT, {}, args.includes('--dist') ? join(opt('dist', ''), 'dist') : undefined);
const beforeServer = args.includes('--before') ? await startServer(PORT + 1, {}, join(opt('before', ''), 'dist')) : undefined;
const browser = await chromium.launch(CHROMIUM_LAUNCH);

interface Script {
  url: string;
  bytes: number;
}

async function scriptsOf(url: string): Promise<{ scripts: Script[]; requests: number; status: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page: Page = await context.newPage();
  const pending: Promise<Script | undefined>[] = [];
  let requests = 0;
  page.on('requestfinished', (request) => {
    requests++;
    if (request.resourceType() !== 'script') return;
    pending.push(
      request
        .sizes()
        .then((s) => ({ url: new URL(request.url()).pathname, bytes: s.responseBodySize + s.responseHeadersSize }))
        .catch(() => undefined),
    );
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  await page
    .locator('html[data-hydrated="true"]')
    .waitFor({ timeout: 30_000 })
    .catch(() => log(`${url}: not hydrated in 30 s`));
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((s): s is Script => !!s);
  await context.close();
  return { scripts, requests, status: response?.status() ?? 0 };
}

let over = false;
const summary: string[] = [];
try {
  for (const slug of tenants) {
    const base = `http://${slug}.localhost:${PORT}`;
    const searchHtml = await htmlOf(PORT, `${slug}.localhost`, '/search');
    const vehicle = searchHtml.match(/href="(\/cars\/[^"#/?]+)"/)?.[1];
    const pages: [string, string][] = [['home', '/'], ['search', '/search'], ...(vehicle ? [['vehicle', vehicle] as [string, string]] : [])];
    for (const [name, path] of pages) {
      if (beforeServer) {
        const before = await scriptsOf(`http://${slug}.localhost:${beforeServer.port}${path}`);
        const beforeBytes = before.scripts.reduce((sum, s) => sum + s.bytes, 0);
        summary.push(
          `${slug.padEnd(30)} ${name.padEnd(8)} ${kb(beforeBytes).padStart(9)}  ${String(before.scripts.length).padStart(3)} script requests  (before)`,
        );
      }
      const { scripts, requests, status } = await scriptsOf(base + path);
      const bytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
      const fails = bytes > BUDGET_BYTES || scripts.length > BUDGET_REQUESTS;
      over ||= fails;
      console.log(
        `\n${slug} ${name} (${path}, ${status}): ${kb(bytes)} of script in ${scripts.length} requests (${requests} requests in all)${fails ? '  OVER budget' : ''}`,
      );
      for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(s.bytes).padStart(9)}  ${s.url}`);
      summary.push(
        `${slug.padEnd(30)} ${name.padEnd(8)} ${kb(bytes).padStart(9)}  ${String(scripts.length).padStart(3)} script requests  ${String(requests).padStart(3)} requests  ${fails ? 'OVER' : 'ok'}`,
      );
    }
  }
  console.log(
    `\nbench:weight (compressed script on first load; budget ${kb(BUDGET_BYTES)} and ${BUDGET_REQUESTS} script requests per page)\n${summary.join('\n')}`,
  );
} finally {
  await browser.close();
  await server.stop();
  await beforeServer?.stop();
}
process.exit(over ? 1 : 0);
