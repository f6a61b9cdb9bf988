// `npm run dev`: the same server as main.ts (same routes, same services) with Vite in middleware mode. Pages render
// through vite.ssrLoadModule, the browser gets modules with hot replacement (blocks, runtime UI, the editor app), and
// tenant documents and block schemas are reloaded on change. main.ts runs inside Vite's SSR module graph and picks up
// the Vite server from the global set here (see dev-mode.ts).
import { createServer as createHttpServer } from 'node:http';
import { createServer as createViteServer } from 'vite';
import { DEV_SERVER_KEY, type DevServer } from './dev-mode';

process.env.DEALER_DEV_SERVER = '1';
// Pages change with the code: nothing is served from the page cache while developing.
process.env.PAGE_CACHE_TTL_MS ??= '0';
// A smaller demo stock starts faster; INVENTORY_SIZE still overrides it.
process.env.INVENTORY_SIZE ??= '1000';

const startedAt = performance.now();
const httpServer = createHttpServer();
const vite = await createViteServer({
  appType: 'custom',
  server: { middlewareMode: true, hmr: { server: httpServer } },
});
const dev: DevServer = { vite, httpServer, startedAt };
(globalThis as Record<string, unknown>)[DEV_SERVER_KEY] = dev;
try {
  await vite.ssrLoadModule('/runtime/server/main.ts');
} catch (error) {
  vite.ssrFixStacktrace(error as Error);
  console.error(error);
  await vite.close();
  process.exit(1);
}
