import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds from one config: the browser bundle (with a manifest the server reads) and the server bundle (--ssr).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'main.js' } } }
    : { outDir: 'dist/client', manifest: true, target: 'es2022', emptyOutDir: true, rollupOptions: { input: 'runtime/renderer/entry-client.tsx' } },
}));
