// The site's Vite config plus the editor's two browser entries (the editor app and its preview frame), in one client
// build with one manifest, so the editor shares the site's block chunks and styles:
//   npx vite build --config editor/vite.config.ts --outDir <dir>/client
// (The server build is unchanged: npx vite build --ssr runtime/server/main.ts.) To make `npm run build` include the
// editor, the root vite.config.ts needs the same two inputs (see editor/README.md).
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import site from '../vite.config';

export const EDITOR_INPUTS = ['editor/app/main.tsx', 'editor/preview/main.tsx'];

// Keeps test files out of the eager page-data glob (runtime/page-data/index.ts globs './*.ts', which also matches
// *.test.ts and pulls Vitest into the server bundle). Remove once that glob excludes tests itself.
const noTestsInPageData: Plugin = {
  name: 'editor-no-tests-in-page-data',
  enforce: 'pre',
  transform(code, id) {
    if (id.endsWith('runtime/page-data/index.ts')) return code.replace("import.meta.glob<{ default: PageDataSource }>('./*.ts'", "import.meta.glob<{ default: PageDataSource }>(['./*.ts', '!./*.test.ts']");
  },
};

export default defineConfig((env) => {
  const config = (typeof site === 'function' ? site(env) : site) as UserConfig;
  if (env.isSsrBuild) return { ...config, plugins: [...(config.plugins ?? []), noTestsInPageData] };
  const input = config.build?.rollupOptions?.input;
  const inputs = [...(Array.isArray(input) ? input : typeof input === 'string' ? [input] : Object.values(input ?? {})), ...EDITOR_INPUTS];
  return { ...config, build: { ...config.build, rollupOptions: { ...config.build?.rollupOptions, input: [...new Set(inputs)] } } };
});
