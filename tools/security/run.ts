// npm run test:security: runs the attack suite (suite.ts) in this process, loaded through Vite's SSR loader as the
// server build is (tools/lib/vite-ssr.ts).
import { withViteSsr } from '../lib/vite-ssr';

try {
  process.exitCode = await withViteSsr(async (load) => {
    const { runSuite } = (await load('/tools/security/suite.ts')) as { runSuite: () => Promise<number> };
    return runSuite();
  });
} catch (e) {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}
