import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{runtime,blocks,schemas,tools,editor,test-support}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'threads',
    // Test files share a worker's loaded modules instead of each starting a fresh one: the suite runs about three times
    // faster (import time dominated). So a test must not count on a module's state being new — it uses keys of its
    // own and restores the globals, environment variables and timers it changes.
    isolate: false,
    // Suites that start a server with demo stock in beforeAll can take over 10 s on a busy 2-core machine.
    hookTimeout: 60_000,
    // A test's timeout only guards against a hang: scrypt-hashing and server-round-trip tests took 5–10 s when CI's
    // machine was busy and failed on the default 5 s without anything being wrong.
    testTimeout: 30_000,
  },
});
