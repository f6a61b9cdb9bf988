// npm run test:security: runs the attack suite (suite.ts) in this process. The app's code uses Vite features
// (import.meta.glob for the block registry), so the suite is loaded through Vite's SSR module loader, as the server
// build is; no port is opened by Vite itself.
import { createServer } from 'vite';

const vite = await createServer({
  configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { runSuite } = (await vite.ssrLoadModule('/tools/security/suite.ts')) as { runSuite: () => Promise<number> };
  process.exitCode = await runSuite();
} catch (e) {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
} finally {
  await vite.close();
}
