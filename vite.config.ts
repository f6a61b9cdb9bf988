import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds from one config: the browser bundle (with a manifest the server reads) and the server bundle (--ssr).
// The browser bundle has three entries sharing one set of block chunks: the site, the editor and its preview frame.
const clientEntries = ['runtime/renderer/entry-client.tsx', 'editor/app/main.tsx', 'editor/preview/main.tsx'];
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'main.js' } } }
    : { outDir: 'dist/client', manifest: true, target: 'es2022', emptyOutDir: true, rollupOptions: { input: clientEntries } },
}));
