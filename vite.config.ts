import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { blockChunks } from './tools/lib/block-chunks';
import { serverTenantValidatorModule, tenantValidatorModule } from './tools/lib/tenant-validator-code';

/**
 * The browser build gets the tenant schema's validator as precompiled code (the CSP has no 'unsafe-eval'); the server
 * build starts from the same code (no compile at run time), keeping the module's own functions.
 */
function precompiledTenantValidator(): Plugin {
  const target = resolve(import.meta.dirname, 'runtime/tenants/tenant-schema-validator.ts');
  let building = false;
  return {
    name: 'precompiled-tenant-validator',
    // Also under `npm run dev` (runtime/server/dev.ts): the dev pages have the same CSP.
    apply: (_config, env) => env.command === 'build' || process.env.DEALER_DEV_SERVER === '1',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    load(id, options) {
      if (id.split('?')[0] !== target) return;
      if (!options?.ssr) return tenantValidatorModule();
      // The dev server's schema changes while it runs: it compiles.
      if (building) return serverTenantValidatorModule(readFileSync(target, 'utf8'));
    },
  };
}

/**
 * Scripts and styles compressed once, at build time, at the highest settings (brotli 11, gzip 9), next to each file:
 * the server sends them as they are (runtime/server/precompressed.ts) instead of compressing every response at the
 * fast settings. About 13% fewer bytes of script than on-the-fly gzip.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir, 'assets');
    },
    async closeBundle() {
      if (this.environment?.config.build.ssr) return;
      const files = (await readdir(outDir).catch(() => [])).filter((f) => /\.(js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const body = await readFile(join(outDir, f));
          await writeFile(
            join(outDir, `${f}.br`),
            await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          );
          await writeFile(join(outDir, `${f}.gz`), await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

// Two builds from one config: the browser bundle (with a manifest the server reads) and the server bundle (--ssr).
// The browser bundle has three entries sharing one set of block chunks: the site, the editor and its preview frame.
const clientEntries = ['runtime/renderer/entry-client.tsx', 'editor/app/main.tsx', 'editor/preview/main.tsx'];
// react-router's package resolves to its development build (warnings and checks); the server and the browser get its
// production build (the development one showed as 8% of the server's render time).
const reactRouterBuild = (file: string) => resolve(import.meta.dirname, 'node_modules/react-router/dist/production', file);
const reactRouterAlias = [{ find: /^react-router$/, replacement: reactRouterBuild('index.mjs') }];

/**
 * React in a chunk of its own, shared by every page and cached across deploys of site code. keen-slider's stylesheet
 * apart from its code: sliders create keen-slider on first use (runtime/ui/slider/use-deferred-keen-slider.ts) but
 * need its styles at once, and in one chunk with the code the stylesheet's import made every slider load the code.
 */
function vendorChunk(id: string): string | undefined {
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  // Rollup's helper for CommonJS modules (React is one) goes with React: left to the merging, it sat in a chunk of lead
  // and service rules that React's chunk then imported on every page (3.4 KB).
  if (id === '\0commonjsHelpers.js') return 'react';
  // react-router in a chunk of its own too: the router every page needs, and its size is the measured cost of running
  // react-router itself in the browser (docs/performance.md).
  if (/node_modules\/react-router\//.test(id)) return 'react-router';
  if (id.endsWith('/keen-slider/keen-slider.min.css')) return 'keen-slider-styles';
  // And its code in a chunk of its own, which Rollup's merging of small chunks must not fill with other code.
  if (id.endsWith('/keen-slider/keen-slider.es.js')) return 'keen-slider';
  // The editor preview's document patches: left to the merging, they sat in a chunk every site page loads.
  if (id.endsWith('/editor/preview/patches.ts')) return 'preview-patches';
  // Editing text in place (the editor and its preview share it): merged, it sat in a price chunk site pages load.
  if (/\/editor\/preview\/inline-(edit|markup)\.ts$/.test(id) || id.endsWith('/schemas/generated/block-inline.ts')) return 'preview-inline';
  // Used by blocks that load later (waiting texts, model page links); left to the merging, they sat in the rules chunk
  // the vehicle page's first blocks load (bench:weight, 101.6 KB).
  if (id.endsWith('/runtime/ui/LoadingText.tsx') || id.endsWith('/runtime/domain/motion/loading-text.ts')) return 'loading-text';
  if (id.endsWith('/runtime/domain/models/site-paths.ts')) return 'site-paths';
  // The footer's code loads only where it renders in the browser (the editor's preview, SiteFooter.tsx): left to the
  // merging, it sat in a chunk of price rules a dealer's home page loads (bench:weight, +3.6 KB).
  if (id.endsWith('/runtime/renderer/Footer.tsx') || id.endsWith('/runtime/ui/navigation/PaymentLogos.tsx')) return 'footer';
  if (/\/runtime\/domain\/finance\/(lenders|settings|finance-link)\.ts$/.test(id)) return 'finance-rules';
  // The step state and buttons the lead form and the service wizard share; left to the merging, they sat in a chunk of
  // search code a home page loads at once (bench:weight, 104.2 KB to 107.9 KB).
  if (/\/runtime\/ui\/forms\/(stepped-form\.ts|step-parts\.tsx)$/.test(id)) return 'stepped-form';
  return undefined;
}

/**
 * The chunks every page runs as it starts (the entry, the site code, React and the router) ask Chromium (136+) to
 * compile all their functions while the file streams in, on a background thread: otherwise each function compiles on
 * the main thread when first called, inside hydration's tasks. Other chunks keep V8's lazy compiling. Measured on a
 * phone-throttled vehicle page: main-thread compiling 262 -> 9 ms (docs/performance.md#compile-hints).
 */
const RUN_AT_START = new Set(['entry-client', 'site', 'react', 'react-router']);
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After minifying (which drops comments); the comment must open the file.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && RUN_AT_START.has(chunk.name)) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      },
    },
  };
}

type ModuleInfoOf = (id: string) => { importers: readonly string[]; importedIds: readonly string[] } | null;

const siteEntry = resolve(import.meta.dirname, 'runtime/renderer/entry-client.tsx');
const staticClosures = new WeakMap<ModuleInfoOf, Set<string>>();
/** The modules the site entry imports, directly or through others, without a dynamic import on the way (once per build). */
function siteEntryModules(moduleInfo: ModuleInfoOf): Set<string> {
  let found = staticClosures.get(moduleInfo);
  if (found) return found;
  found = new Set([siteEntry]);
  const queue = [siteEntry];
  for (let id = queue.pop(); id; id = queue.pop()) {
    for (const next of moduleInfo(id)?.importedIds ?? []) {
      if (found.has(next)) continue;
      found.add(next);
      queue.push(next);
    }
  }
  staticClosures.set(moduleInfo, found);
  return found;
}

/**
 * Small rules the vehicle page's at-load blocks need (the gallery's settings defaults and reduced-motion check, the
 * resolved settings, the lead dialogs' model enquiry text), in the site chunk (about 1.5 KB on every page): left to
 * merging, they came inside chunks of finance, card and saved-search code the vehicle page loaded for them alone
 * (bench:weight, 101.9 KB, and again 104.2 KB after count-up animations and loading texts shared the same helpers).
 */
const SMALL_SHARED_RULES = [
  '/runtime/domain/vehicle/settings.ts',
  '/runtime/domain/models/model-card.ts',
  '/runtime/ui/reduced-motion.ts',
  '/runtime/domain/settings.ts',
];

/**
 * The vehicle page view's code (viewed cars, view.json and the sidebar's views line), which the gallery runs at load:
 * a chunk of its own. Left to Rollup, it went into a chunk of price and card rules the page otherwise loads only once
 * the sidebar is touched (3.1 KB at load).
 */
const VEHICLE_VISIT = ['/runtime/ui/vehicle/use-vehicle-views.ts', '/runtime/domain/vehicle/views.ts'];
const vehicleVisitChunk = (id: string) => (VEHICLE_VISIT.some((file) => id.endsWith(file)) ? 'vehicle-visit' : undefined);

/**
 * Everything the site entry imports statically, in one chunk every page loads ('site'). Left to Rollup's merging of
 * small chunks (experimentalMinChunkSize), code only some blocks use (finance, search, service and vehicle rules, the
 * saved searches list) was merged into the chunks every page loads: 14 KB compressed of a home page's 98.6 KB. Counted
 * before tree-shaking: a module reached through a folder's index.ts counts as the entry's, so the entry's modules
 * import rules from their own files (PageHead.tsx, seo/structured-data.ts).
 */
function siteChunk(id: string, moduleInfo: ModuleInfoOf): string | undefined {
  // Vite's helper for dynamic imports (the registry's blocks): merged elsewhere, it brought its chunk's rules along.
  if (id === '\0vite/preload-helper.js') return 'site';
  if (SMALL_SHARED_RULES.some((file) => id.endsWith(file))) return 'site';
  // Code and styles, not data: the tenant schema, imported for a server-side function, is the editor's too. Its styles
  // go with it: a stylesheet is a module with side effects, and in another chunk the entry's chunk imported that one.
  if (id === siteEntry || id.includes('/node_modules/') || !/\.(tsx?|css)$/.test(id)) return undefined;
  return siteEntryModules(moduleInfo).has(id) ? 'site' : undefined;
}

/**
 * Each block's own modules (blocks/<type>/*) in a chunk of the block's, named by its type, and only those
 * (onlyExplicitManualChunks: a manual chunk does not take its dependencies with it). Left to Rollup's merging of small
 * chunks, blocks without styles went into the chunks every page loads (static blocks, an unsubscribe form: 4 KB on
 * every page), and which ones moved with any change elsewhere. A module of a block's folder that code outside blocks/
 * imports (rich text's markup) stays with Rollup: in the block's chunk, every page would load the block. hydration.ts
 * goes with the entry (block-hydration.ts reads them all).
 */
function blockChunk(id: string, moduleInfo: ModuleInfoOf): string | undefined {
  const block = /\/blocks\/([^/]+)\/[^/]+\.tsx?$/.exec(id.replace(/\?.*$/s, ''))?.[1];
  if (!block || id.endsWith('/hydration.ts')) return undefined;
  if (moduleInfo(id)?.importers.some((importer) => !importer.includes('/blocks/'))) return undefined;
  return block;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompiledTenantValidator(), ...(isSsrBuild ? [] : [precompressAssets(), blockChunks(), compileHints()])],
  publicDir: 'public',
  resolve: { alias: reactRouterAlias },
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'main.js' } } }
    : {
        outDir: 'dist/client',
        manifest: true,
        target: 'es2022',
        emptyOutDir: true,
        // A lazily loaded block brings its stylesheets; its scripts' own imports load as the browser finds them (the
        // server modulepreloads the first blocks' chunks). Listing every chunk's dependencies in the entry cost 8 KB.
        modulePreload: { resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => dep.endsWith('.css')) },
        rollupOptions: {
          input: clientEntries,
          output: {
            manualChunks: (id, { getModuleInfo }) => vendorChunk(id) ?? blockChunk(id, getModuleInfo) ?? vehicleVisitChunk(id) ?? siteChunk(id, getModuleInfo),
            onlyExplicitManualChunks: true,
            // 8 KB since the entry's code is a chunk of its own (siteChunk): merging up to 16 KB then put rules only some
            // blocks use in the chunks the vehicle page's blocks share (vehicle page 110.4 KB against 107.8 at 8 KB; 0 KB:
            // 108.4 KB in 24 requests).
            experimentalMinChunkSize: 8 * 1024,
          },
        },
      },
}));
