// Editor benchmark on a document with 200 blocks (and a 50-item header menu): opening it, a property edit, the same
// edit typed in place in the preview, adding a page, reordering the menu, editing a location's hours grid. Prints the
// median and p95 of each; the target is a median of at most 50 ms and a p95 of at most 100 ms, from the edit to the preview having rendered it,
// judged on the frame painted.
//   npm run bench:editor                                   undoable edit + validation, in Node
//   SERVER_BUNDLE=dist/server/main.js npm run bench:editor  also the real editor in Chromium: the time from an edit
//        to the preview frame having rendered it (the server bundle must sit in the repo, beside its client build)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DocumentHistory } from '../../editor/app/history';
import { addPage, moveNavItem } from '../../runtime/document/pages';
import { resolveTenantFile } from '../../runtime/tenants/resolve';
import { createIncrementalValidator } from '../../runtime/tenants/incremental-validate';
import { type ValidationResult, validateTenantDocument } from '../../runtime/tenants/validate';

const root = resolve(import.meta.dirname, '../..');
const SLUG = 'harbourside-mazda';
const BLOCKS = 200;
const EDITS = 40;

// NaN for no figures: printed as such, and never meets a target.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? Number.NaN;
/** The editor's target for an edit: what staff see painted within 50 ms typically and 100 ms at worst (p95). */
const meetsTarget = (xs: number[]) => median(xs) <= 50 && p95(xs) <= 100;

/** The tenant's home page grown to 200 blocks (heroes, text, feature grids, and columns with children). */
function bigPage() {
  // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
  const blocks: any[] = [];
  for (let i = 0; countBlocks(blocks) < BLOCKS; i++) {
    if (i % 10 === 9) {
      blocks.push({
        id: `cols-${i}`,
        type: 'columns',
        props: {},
        slots: { main: [{ id: `cols-${i}-text`, type: 'rich-text', props: { body: `Column text ${i}` } }], side: [] },
      });
      continue;
    }
    blocks.push(
      i % 3 === 0
        ? { id: `hero-${i}`, type: 'hero', props: { heading: `Heading ${i}`, subheading: 'Drive away today' } }
        : { id: `text-${i}`, type: 'rich-text', props: { body: `Paragraph ${i}.\n\n- one\n- two` } },
    );
  }
  return blocks;
}
// biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
const countBlocks = (bs: any[]): number => bs.reduce((n, b) => n + 1 + Object.values(b.slots ?? {}).reduce((m: number, c: any) => m + countBlocks(c), 0), 0);

const tenantsDir = mkdtempSync(join(tmpdir(), 'bench-editor-'));
cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
const file = join(tenantsDir, `${SLUG}.json`);
const raw = JSON.parse(readFileSync(file, 'utf8'));
raw.pages['/'] = { title: 'Home', blocks: bigPage() };
writeFileSync(file, JSON.stringify(raw, null, 2));
const doc = resolveTenantFile(file, join(tenantsDir, 'templates'));
console.log(`document: ${SLUG} with ${countBlocks(doc.pages['/'].blocks)} blocks on its home page`);

// 1. In Node: each edit as the editor makes it (the operation as one undoable step, immer patches), then the draft
// validated: by the CI validator (the whole document, as before) and by the editor's incremental validator (only the
// blocks the edit changed; the same result). Edits: a property, a page added with a starting layout (the editor's
// presets need Vite, so an inline one), a 50-item header menu reordered, a location's hours grid.
validateTenantDocument(doc); // compile once, as the editor does on opening
const menuDoc = structuredClone(doc);
menuDoc.navigation.header = Array.from({ length: 50 }, (_, i) => ({ label: `Item ${i}`, href: '/' }));
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
const nodeScenario = (name: string, step: (d: Record<string, any>, i: number) => Record<string, any> | undefined, inPlace = false) => {
  const row = (validate: (d: unknown) => ValidationResult) => {
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const h = new DocumentHistory<Record<string, any>>(menuDoc);
    validate(h.current);
    const times: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const t = performance.now();
      if (inPlace) h.change(name, (d) => void step(d, i), name);
      else {
        const next = step(h.current, i)!;
        h.change(name, () => next);
      }
      const result = validate(h.current);
      if (!result.ok) throw new Error(`${name}: ${result.problems[0]?.path} ${result.problems[0]?.message}`);
      times.push(performance.now() - t);
    }
    return `median ${median(times).toFixed(1).padStart(6)} ms, p95 ${p95(times).toFixed(1).padStart(6)} ms`;
  };
  console.log(`  ${name.padEnd(28)} whole: ${row(validateTenantDocument)}   incremental: ${row(createIncrementalValidator())}`);
};
const inNode = process.env.BENCH_ONLY !== 'chromium'; // BENCH_ONLY=chromium skips the Node part
if (inNode) console.log(`edit + validate, in Node, over ${EDITS} edits each:`);
if (inNode) nodeScenario('property edit', (d, i) => void (d.pages['/'].blocks[0].props.heading = `Heading edit ${i}`), true);
if (inNode)
  nodeScenario('add a page', (d, i) =>
    addPage(d, `/bench-page-${i}`, {
      title: `Bench page ${i}`,
      blocks: [
        { id: 'hero', type: 'hero', props: { heading: `Bench page ${i}` } },
        { id: 'text', type: 'rich-text', props: { body: 'We sell good cars.' } },
      ],
    }),
  );
if (inNode)
  nodeScenario('reorder a 50-item menu', (d, i) => ({ ...d, navigation: { ...d.navigation, header: moveNavItem(d.navigation.header, i % 50, (i * 7) % 50) } }));
if (inNode)
  nodeScenario(
    'edit an hours grid',
    (d, i) => {
      const hours = d.dealerships[0].locations[0].contact_detail.opening_hours;
      if (hours?.[5]) hours[5].close = i % 2 ? '17:00' : '16:00';
      return undefined;
    },
    true,
  );

// 2. In Chromium: the editor itself. Each edit is made in the page (as a user's input event, keypress or click) and
// timed in the page from that event to the preview frame's DOM showing it (a MutationObserver on the frame: the
// preview has rendered the edit), so the figure is the same for any build of the editor. The editor's own figure (the
// note under the preview, or its 'edit-to-preview' performance measure) is printed beside it when the build has it.
const bundle = process.env.SERVER_BUNDLE;
if (!bundle) {
  console.log('(set SERVER_BUNDLE to a server build whose client build includes the editor to measure the preview in Chromium)');
  process.exit(0);
}
const { chromium } = await import('@playwright/test');
const { CHROMIUM_LAUNCH } = await import('./server');
type Page = import('@playwright/test').Page;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-editor-data-'));
const password = 'benchmark-password';
spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/tsx/dist/cli.mjs'),
    join(root, 'tools/editor/accounts.ts'),
    'add',
    'bench@example.com',
    '--name',
    'Bench',
    '--password',
    password,
    '--tenants',
    SLUG,
  ],
  { env: { ...process.env, EDITOR_DATA_DIR: dataDir } },
);
// The header menu grown to 50 items for the reorder, in the file the server opens.
raw.navigation.header = Array.from({ length: 50 }, (_, i) => ({ label: `Item ${i}`, href: '/' }));
writeFileSync(file, JSON.stringify(raw, null, 2));

const port = Number(process.env.BENCH_PORT ?? 4179);
let serverLog = '';
const server = spawn(process.execPath, [resolve(bundle)], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    NODE_ENV: 'production',
    EDITOR_PUBLIC_URL: `http://localhost:${port}`,
    HOST: '127.0.0.1',
    TENANTS_DIR: tenantsDir,
    EDITOR_DATA_DIR: dataDir,
    INVENTORY_SIZE: '2000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (b) => (serverLog += b));
server.stderr.on('data', (b) => (serverLog += b));

/**
 * Times `action` (a function body run in the editor page) until `shown` (a predicate on the preview frame's document)
 * holds. Plain JavaScript in a string: tsx would wrap functions written here in a helper the page does not have.
 */
const TIMED = `({ action, shown, arg }) => new Promise((done, fail) => {
  function frameDoc() { return document.querySelector('iframe[title="Preview of the draft"]').contentDocument; }
  const holds = new Function('doc', 'arg', shown);
  const act = new Function('arg', action);
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!holds(frameDoc(), arg)) return;
    observer.disconnect();
    clearTimeout(timer);
    performance.mark('bench-edit-shown');
    // And to the frame after it painted: the next animation frame (before its style, layout and paint), then a message
    // (the 'after frame' pattern: it runs once that frame is painted, ahead of timers queued meanwhile).
    const dom = performance.now() - start;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done({ dom, painted: performance.now() - start });
      channel.port2.postMessage(null);
    });
  });
  observer.observe(frameDoc(), { subtree: true, childList: true, characterData: true, attributes: true });
  const timer = setTimeout(() => { observer.disconnect(); fail(new Error('the preview did not show the edit within 20 s: ' + shown)); }, 20000);
  performance.mark('bench-edit-start');
  act(arg);
})`;
type Timing = { dom: number; painted: number };
const timed = (page: Page, action: string, shown: string, arg: unknown): Promise<Timing> =>
  page.evaluate(`(${TIMED})(${JSON.stringify({ action, shown, arg })})`) as Promise<Timing>;

/** Sets a React-controlled input's value as typing does. */
const TYPE = `const set = (el, v) => { Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, v); el.dispatchEvent(new Event('input', { bubbles: true })); };`;
const editorFigure = async (page: Page) =>
  page.evaluate(() => {
    const entries = performance.getEntriesByName('edit-to-preview');
    if (entries.length) return entries.at(-1)!.duration;
    const m = document.querySelector('.preview-note')?.textContent?.match(/preview updated in (\d+) ms/);
    return m ? Number(m[1]) : undefined;
  });

const results: { name: string; times: number[]; painted: number[]; editor: number[]; noTarget?: boolean }[] = [];
const profileLines: string[] = [];
async function measure(name: string, page: Page, count: number, one: (i: number) => Promise<Timing>) {
  const times: number[] = [];
  const painted: number[] = [];
  const editor: number[] = [];
  const inspect = await startInspecting(name, page, count);
  for (let i = 0; i < count; i++) {
    const timing = await one(i);
    times.push(timing.dom);
    painted.push(timing.painted);
    await page.waitForTimeout(120); // a user's pace between edits (and the editor's own figure arrives)
    const own = await editorFigure(page);
    if (own !== undefined) editor.push(own);
  }
  await inspect?.();
  results.push({ name, times, painted, editor });
}

// Where an edit's time goes, for the scenario whose name starts with BENCH_PROFILE ('1': the property edits):
//   BENCH_PROFILE=<name>  a CPU profile of the editor and its preview (one process: the frame is same-origin), its
//                         heaviest functions by own time printed after the figures (BENCH_PROFILE_FILE keeps it)
//   BENCH_TRACE=1         also a Chromium trace, its events' time summed by name (style, layout, paint: what a CPU
//                         profile shows as '(program)'); BENCH_TRACE_FILE keeps its events, with a mark at each edit
//   BENCH_MUTATIONS=1     also the DOM changes per edit in the editor and in the frame, by element and attribute (what
//                         React rewrote: each is style, layout and paint work)
const MUTATIONS = `(() => {
  const counts = (window.__benchMutations = new Map());
  const key = (m) => {
    const t = m.target.nodeType === 1 ? m.target : m.target.parentElement;
    const name = t ? t.tagName.toLowerCase() + (t.classList.length ? '.' + [...t.classList].slice(0, 2).join('.') : '') : '?';
    return (m.target.ownerDocument === document ? 'editor ' : 'frame ') + m.type + ' ' + name + (m.attributeName ? ' [' + m.attributeName + ']' : '');
  };
  const count = (list) => list.forEach((m) => counts.set(key(m), (counts.get(key(m)) ?? 0) + 1));
  const options = { subtree: true, childList: true, characterData: true, attributes: true };
  new MutationObserver(count).observe(document.body, options);
  new MutationObserver(count).observe(document.querySelector('iframe[title="Preview of the draft"]').contentDocument, options);
})()`;
async function startInspecting(name: string, page: Page, edits: number): Promise<(() => Promise<void>) | undefined> {
  const wanted = process.env.BENCH_PROFILE;
  if (!wanted || !(wanted === '1' ? name.startsWith('property') : name.startsWith(wanted))) return undefined;
  if (process.env.BENCH_MUTATIONS) await page.evaluate(MUTATIONS);
  // BENCH_CSS / BENCH_FRAME_CSS: a style added to the editor / the preview for this scenario (what costs paint: hide a part).
  for (const [css, where] of [
    [process.env.BENCH_CSS, 'document'],
    [process.env.BENCH_FRAME_CSS, `document.querySelector('iframe[title="Preview of the draft"]').contentDocument`],
  ])
    if (css) await page.evaluate(`{ const d = ${where}; const s = d.createElement('style'); s.textContent = ${JSON.stringify(css)}; d.head.append(s); }`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const traceEvents: { name: string; ph: string; dur?: number }[] = [];
  if (process.env.BENCH_TRACE) {
    cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...(value as unknown as typeof traceEvents)));
    // BENCH_TRACE_CATEGORIES adds categories, e.g. disabled-by-default-devtools.timeline.invalidationTracking (what invalidated a paint).
    const categories = ['devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing', process.env.BENCH_TRACE_CATEGORIES]
      .filter(Boolean)
      .join(',');
    await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  }
  const top = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`);
  return async () => {
    if (process.env.BENCH_MUTATIONS) {
      const counts = (await page.evaluate('[...window.__benchMutations]')) as [string, number][];
      profileLines.push(
        `${name}, DOM changes per edit (${edits} edits):`,
        ...counts
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([k, v]) => `  ${(v / edits).toFixed(1).padStart(7)}  ${k}`),
      );
    }
    const { profile } = await cdp.send('Profiler.stop');
    if (process.env.BENCH_PROFILE_FILE) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
    const selfMs = new Map<string, number>();
    const dt = new Map<number, number>();
    profile.samples?.forEach((id, k) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[k] ?? 0) / 1000));
    for (const n of profile.nodes) {
      const f = n.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}`;
      selfMs.set(key, (selfMs.get(key) ?? 0) + (dt.get(n.id) ?? 0));
    }
    profileLines.push(`${name}, CPU by function (own time):`, ...top(selfMs));
    if (!process.env.BENCH_TRACE) return;
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, JSON.stringify(traceEvents));
    const byName = new Map<string, number>();
    for (const e of traceEvents) if (e.ph === 'X' && e.dur) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
    profileLines.push(`${name}, trace events summed by name (events nest, so sums overlap):`, ...top(byName));
  };
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    if (i > 600 || server.exitCode !== null) throw new Error(`the server did not start:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  // The timing code builds its functions with new Function: allowed for the benchmark only.
  const context = await browser.newContext({ viewport: { width: 1500, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`http://localhost:${port}/editor`);
  await page.getByLabel('Email').fill('bench@example.com');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const siteButton = page.getByRole('button', { name: /Harbourside Mazda/ });
  const frame = page.frameLocator('iframe[title="Preview of the draft"]');

  // Opening the 200-block document: from the click on the site to the preview showing its last block.
  const lastId = (doc.pages['/'].blocks as { id: string }[]).at(-1)!.id;
  const opens: number[] = [];
  for (let i = 0; i < 3; i++) {
    if (i) await page.goto(`http://localhost:${port}/editor`, { timeout: 120_000 });
    await siteButton.waitFor({ timeout: 120_000 }).catch(async (error) => {
      await page.screenshot({ path: join(tmpdir(), 'bench-editor-failure.png') });
      throw new Error(`no site list (screenshot in ${tmpdir()}/bench-editor-failure.png): ${error}\n${serverLog.slice(-2000)}`);
    });
    opens.push(
      await page.evaluate(async (lastId) => {
        const start = performance.now();
        const button = [...document.querySelectorAll('button')].find((b) => /Harbourside Mazda/.test(b.textContent ?? ''))!;
        button.click();
        for (;;) {
          const f = document.querySelector<HTMLIFrameElement>('iframe[title="Preview of the draft"]');
          if (f?.contentDocument?.querySelector(`[data-block-id="${lastId}"]`)) return performance.now() - start;
          await new Promise((r) => setTimeout(r, 2));
        }
      }, lastId),
    );
  }
  // Loading the document (its fetch, validation and first render of 200 blocks): the setting of the edits, not an edit.
  results.push({ name: 'open the 200-block document', times: opens, painted: [], editor: [], noTarget: true });

  // A property edit: the first hero's heading.
  await frame.locator('[data-block-id="hero-0"]').waitFor();
  await page.locator('[data-outline-id="hero-0"] .outline-select').click();
  const heading = page.getByRole('form', { name: 'Properties of hero-0' }).getByRole('textbox', { name: /^Heading/ });
  await heading.waitFor();
  await heading.evaluate((el) => el.setAttribute('data-bench', 'heading'));
  await measure('property edit (hero heading)', page, EDITS, (i) =>
    timed(
      page,
      `${TYPE} set(document.querySelector('[data-bench="heading"]'), arg);`,
      `return doc.querySelector('[data-block-id="hero-0"] h1')?.textContent === arg;`,
      `Heading edit ${i}`,
    ),
  );

  // An inline edit: the same heading typed in place in the preview (its text replaced, as typing does) and committed with
  // Enter, until the frame has rendered the draft with it (React's own text node back in the heading, holding it).
  await measure('inline edit (hero heading)', page, EDITS, (i) =>
    timed(
      page,
      `const doc = document.querySelector('iframe[title="Preview of the draft"]').contentDocument;
       const win = doc.defaultView;
       const h1 = doc.querySelector('[data-block-id="hero-0"] h1');
       h1.dispatchEvent(new win.MouseEvent('click', { bubbles: true, cancelable: true }));
       const typed = doc.createTextNode(arg);
       h1.replaceChildren(typed);
       doc.benchTyped = typed;
       h1.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));`,
      `const h1 = doc.querySelector('[data-block-id="hero-0"] h1');
       return !!h1 && h1.textContent === arg && !h1.hasAttribute('contenteditable') && h1.firstChild !== doc.benchTyped;`,
      `Inline edit ${i}`,
    ),
  );

  // Add a page (the first starting layout), which the preview then shows.
  await page.getByRole('tab', { name: 'Page' }).click();
  const addForm = page.getByRole('form', { name: 'Add a page' });
  await addForm.getByLabel('Starting layout').selectOption({ label: 'Content page (heading and text)' });
  await measure('add a page', page, EDITS, async (i) => {
    await addForm.getByLabel('Title').fill(`Bench page ${i}`);
    return timed(
      page,
      `[...document.querySelectorAll('form[aria-label="Add a page"] button[type="submit"]')][0].click();`,
      `return [...doc.querySelectorAll('main h1')].some((h) => h.textContent === arg);`,
      `Bench page ${i}`,
    );
  });
  await page.getByLabel('Page', { exact: true }).selectOption('/');
  await frame.locator('[data-block-id="hero-0"]').waitFor();

  // Reorder the 50-item header menu by keyboard (Alt+Up on an item), as the preview's header shows it.
  await page.getByRole('tab', { name: 'Menus' }).click();
  await page.locator('.nav-tree [data-nav-path=".49"]').waitFor();
  await measure('reorder a 50-item menu', page, EDITS, async (i) => {
    const from = 1 + ((i * 7) % 49);
    const label = await page.locator(`.nav-tree [data-nav-path=".${from}"] input[aria-label^="Label of"]`).inputValue();
    return timed(
      page,
      `const row = document.querySelector('.nav-tree [data-nav-path=".${from}"]');
       row.querySelector('.nav-handle').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true, cancelable: true }));`,
      `const items = [...doc.querySelectorAll('header a, header button')].map((e) => e.textContent.trim()).filter((t) => /^Item \\d+$/.test(t));
       return items[arg.to] === arg.label;`,
      { to: from - 1, label },
    );
  });

  // Edit the first location's hours grid (Saturday's closing time), as the preview's location page shows it.
  await page.getByRole('tab', { name: 'Locations' }).click();
  await page.getByLabel('Saturday closes').waitFor();
  await frame.locator('.location-details .hours table').first().waitFor();
  await measure('edit an hours grid', page, EDITS, (i) =>
    timed(
      page,
      `${TYPE} set(document.querySelector('input[aria-label="Saturday closes"]'), arg.value);`,
      `const row = [...(doc.querySelector('.location-details .hours table')?.querySelectorAll('tr') ?? [])].find((r) => r.textContent.includes('Saturday'));
       return !!row && row.textContent.includes(arg.shown);`,
      i % 2 ? { value: '13:00', shown: '1:00pm' } : { value: '14:00', shown: '2:00pm' },
    ),
  );
  await browser.close();

  const ms = (x: number) => `${Math.round(x)} ms`.padStart(7);
  console.log(
    "\nedit -> preview rendered, in Chromium (timed in the page to the frame's DOM showing the edit; in brackets, to the frame painted, and the editor's own figure: to the frame's 'rendered' message arriving):",
  );
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(30)} median ${ms(median(r.times))}, p95 ${ms(p95(r.times))} over ${String(r.times.length).padStart(2)}` +
        // Judged on what staff see: the frame painted (the figure to the DOM where an edit has no painted one).
        (r.noTarget ? '  (loading, not an edit: no target)' : `  ${meetsTarget(r.painted.length ? r.painted : r.times) ? 'meets' : 'misses'} the target`) +
        (r.painted.length ? `   (painted: median ${ms(median(r.painted))}, p95 ${ms(p95(r.painted))}, first ${ms(r.painted[0] ?? Number.NaN)})` : '') +
        (r.editor.length ? `   (editor: median ${ms(median(r.editor))}, p95 ${ms(p95(r.editor))})` : ''),
    );
  console.log('  target, on the painted figure: median at most 50 ms and p95 at most 100 ms for each edit.');
  if (profileLines.length) console.log(`\n${profileLines.join('\n')}`);
} finally {
  server.kill();
}
