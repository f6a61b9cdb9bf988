import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { tenantValidatorModule } from './tools/lib/tenant-validator-code';

/** The browser build gets the tenant schema's validator as precompiled code (the CSP has no 'unsafe-eval'). */
function precompiledTenantValidator(): Plugin {
  const target = resolve(import.meta.dirname, 'runtime/tenants/tenant-schema-validator.ts');
  return {
    name: 'precompiled-tenant-validator',
    apply: 'build',
    enforce: 'pre',
    load(id, options) {
      if (!options?.ssr && id.split('?')[0] === target) return tenantValidatorModule();
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
      await Promise.all(files.map(async (f) => {
        const body = await readFile(join(outDir, f));
        await writeFile(join(outDir, `${f}.br`), await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        await writeFile(join(outDir, `${f}.gz`), await gz(body, { level: 9 }));
      }));
    },
  };
}

// Two builds from one config: the browser bundle (with a manifest the server reads) and the server bundle (--ssr).
// The browser bundle has three entries sharing one set of block chunks: the site, the editor and its preview frame.
const clientEntries = ['runtime/renderer/entry-client.tsx', 'editor/app/main.tsx', 'editor/preview/main.tsx'];
// react-router's package resolves to its development build (warnings and checks); browsers get its production build.
const reactRouterBuild = (file: string) => resolve(import.meta.dirname, 'node_modules/react-router/dist/production', file);
const browserAliases = [
  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
];
/** React and the router each in a chunk of their own, shared by every page and cached across deploys of site code. */
function vendorChunk(id: string): string | undefined {
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/node_modules\/react-router\//.test(id)) return 'router';
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompiledTenantValidator(), ...(isSsrBuild ? [] : [precompressAssets()])],
  publicDir: 'public',
  resolve: { alias: isSsrBuild ? [] : browserAliases },
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'main.js' } } }
    : {
        outDir: 'dist/client', manifest: true, target: 'es2022', emptyOutDir: true,
        // A lazily loaded block brings its stylesheets; its scripts' own imports load as the browser finds them (the
        // server modulepreloads the first blocks' chunks). Listing every chunk's dependencies in the entry cost 8 KB.
        modulePreload: { resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => dep.endsWith('.css')) },
        rollupOptions: { input: clientEntries, output: { manualChunks: vendorChunk, experimentalMinChunkSize: 16 * 1024 } } },
}));
