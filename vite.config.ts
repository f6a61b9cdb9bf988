import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { tenantValidatorModule } from './tools/lib/tenant-validator-code';

/** The browser build gets the tenant schema's validator as precompiled code (the CSP has no 'unsafe-eval'). */
function precompiledTenantValidator(): Plugin {
  const target = resolve(import.meta.dirname, 'runtime/tenants/tenant-schema-validator.ts');
  return {
    name: 'precompiled-tenant-validator',
    // Also under `npm run dev` (runtime/server/dev.ts): the dev pages have the same CSP.
    apply: (_config, env) => env.command === 'build' || process.env.DEALER_DEV_SERVER === '1',
    enforce: 'pre',
    load(id, options) {
      if (!options?.ssr && id.split('?')[0] === target) return tenantValidatorModule();
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
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompiledTenantValidator()],
  publicDir: 'public',
  resolve: { alias: isSsrBuild ? [] : browserAliases },
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'main.js' } } }
    : { outDir: 'dist/client', manifest: true, target: 'es2022', emptyOutDir: true, rollupOptions: { input: clientEntries, output: { experimentalMinChunkSize: 8 * 1024 } } },
}));
