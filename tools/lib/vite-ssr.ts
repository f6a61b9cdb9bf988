// Loads a module of the app in this process through Vite's SSR loader, as the server build is: the app's code uses
// Vite features (import.meta.glob for the block registry). No port is opened by Vite itself. Used by the attack suite
// and the benches that start the app in-process.
import { createServer } from 'vite';

export async function withViteSsr<T>(run: (load: (path: string) => Promise<Record<string, unknown>>) => Promise<T>): Promise<T> {
  const vite = await createServer({
    configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await run((path) => vite.ssrLoadModule(path));
  } finally {
    await vite.close();
  }
}
