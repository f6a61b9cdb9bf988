// npm run screenshots: full-page screenshots of the main page types of every demo site, on a phone (390x844) and a
// desktop (1280x800), with an index.html that shows them side by side per site, for looking at a change as a shopper
// would. Starts the built server (dist/) on its own port, or uses a running one: `-- --url http://localhost:3000`.
// Options: `--out <folder>` (default screenshots/), `--sites a,b` (default every demo site), `--pages home,search`.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH, ensureBuild, htmlOf, locationPathOf, root, startServer, type BenchServer } from './bench/server';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const allSlugs = readdirSync(join(root, 'tenants'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const slugs = opt('sites')?.split(',') ?? allSlugs;
const outDir = resolve(root, opt('out') ?? 'screenshots');

/** The pages to shoot on a site: fixed paths, and a vehicle and a location found in the site's own links. */
async function pagesOf(port: number, slug: string): Promise<[name: string, path: string][]> {
  const host = `${slug}.localhost`;
  const vehicle = (await htmlOf(port, host, '/search')).match(/href="(\/cars\/[^"#/?]+)"/)?.[1];
  const location = await locationPathOf(port, host);
  const pages: [string, string | undefined][] = [
    ['home', '/'],
    ['search', '/search'],
    ['vehicle', vehicle],
    ['finance', '/finance'],
    ['trade-in', '/trade-in'],
    ['location', location],
  ];
  const wanted = opt('pages')?.split(',');
  return pages.filter((p): p is [string, string] => p[1] !== undefined && (!wanted || wanted.includes(p[0])));
}

/** Scrolls to the bottom and back so blocks that load when seen are drawn, then waits for the network to settle. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function indexHtml(shots: { slug: string; page: string; path: string; files: Record<string, string> }[]) {
  const sections = slugs.map((slug) => {
    const rows = shots
      .filter((s) => s.slug === slug)
      .map(
        (s) =>
          `<tr><th>${escapeHtml(s.page)}<br><code>${escapeHtml(s.path)}</code></th>${VIEWPORTS.map((v) =>
            s.files[v.name]
              ? `<td><a href="${s.files[v.name]}"><img src="${s.files[v.name]}" alt="${escapeHtml(`${slug} ${s.page} ${v.name}`)}" loading="lazy" class="${v.name}"></a></td>`
              : "<td>not taken (see the command's output)</td>",
          ).join('')}</tr>`,
      );
    return `<section><h2>${escapeHtml(slug)}</h2><table><tr><th></th>${VIEWPORTS.map((v) => `<th>${v.name} ${v.width}x${v.height}</th>`).join('')}</tr>${rows.join('')}</table></section>`;
  });
  return `<!doctype html><meta charset="utf-8"><title>Screenshots</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}th,td{vertical-align:top;padding:.5rem;border-bottom:1px solid #ddd;text-align:left}
img{border:1px solid #ccc;display:block}img.phone{width:260px}img.desktop{width:640px}</style>
<h1>Screenshots (${new Date().toISOString()})</h1>${sections.join('')}`;
}

let server: BenchServer | undefined;
let base = opt('url');
if (!base) {
  ensureBuild(args.includes('--build'), (m) => console.log(m));
  const port = Number(opt('port') ?? 3390);
  console.log(`starting the built server on port ${port}`);
  server = await startServer(port);
  base = `http://localhost:${port}`;
}
const { port: basePort } = new URL(base);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const shots: { slug: string; page: string; path: string; files: Record<string, string> }[] = [];
const failures: string[] = [];
try {
  for (const slug of slugs) {
    const pages = await pagesOf(Number(basePort || 80), slug);
    for (const [name, path] of pages) {
      const files: Record<string, string> = {};
      for (const viewport of VIEWPORTS) {
        const file = `${slug}-${name}-${viewport.name}.png`;
        // One page that fails (twice) is named at the end; the others are still taken.
        for (let attempt = 1; attempt <= 2 && !files[viewport.name]; attempt++) {
          const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
          try {
            const page = await context.newPage();
            const url = new URL(path, base);
            url.hostname = `${slug}.localhost`;
            await page.goto(url.href, { waitUntil: 'load' });
            await settle(page);
            await page.screenshot({ path: join(outDir, file), fullPage: true });
            files[viewport.name] = file;
          } catch (error) {
            const reason = (error as Error).message.split('\n')[0];
            console.log(`${slug} ${name} ${path} ${viewport.name}: attempt ${attempt} failed: ${reason}`);
            if (attempt === 2) failures.push(`${slug} ${name} ${path} (${viewport.name}): ${reason}`);
          } finally {
            await context.close();
          }
        }
      }
      shots.push({ slug, page: name, path, files });
      console.log(`${slug} ${name} ${path}`);
    }
  }
  writeFileSync(join(outDir, 'index.html'), indexHtml(shots));
  const taken = shots.reduce((n, shot) => n + Object.keys(shot.files).length, 0);
  console.log(`${taken} screenshots and index.html in ${outDir}`);
  if (failures.length) {
    console.log(`not taken:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server?.stop();
}
