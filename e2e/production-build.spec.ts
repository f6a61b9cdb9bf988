// The built server runs React's production build wherever it is started with the project's settings (npm start, the
// demo, these tests): its start-up log says which React build it loaded.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { demoSlugs, port, root, serverBundle, siteUrl } from './helpers';

test('npm start and the demo set NODE_ENV=production', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  expect(pkg.scripts.start).toMatch(/^NODE_ENV=production node dist\/server\/main\.js$/);
  expect(readFileSync(join(root, 'tools/demo.sh'), 'utf8')).toMatch(/^NODE_ENV=production exec node dist\/server\/main\.js$/m);
});

test("the server the end-to-end tests start renders with React's production build", async () => {
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: { ...process.env, PORT: String(port + 8), HOST: '127.0.0.1', INVENTORY_SIZE: '200' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  try {
    await expect.poll(() => log, { timeout: 20_000 }).toMatch(/React: \w+ build/);
    expect(log).toContain('React: production build (NODE_ENV=production)');
  } finally {
    child.kill('SIGTERM');
  }
});

test('request logs are JSON lines with the tenant and a request id; SIGTERM drains and exits cleanly', async ({ page }) => {
  const p = port + 14;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', INVENTORY_SIZE: '200', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => log, { timeout: 20_000 }).toContain('listening');
    const response = await page.goto(siteUrl(demoSlugs[0], '/', p));
    const requestId = await response!.headerValue('x-request-id');
    expect(requestId).toBeTruthy();
    await expect.poll(() => log).toContain(requestId!);
    const line = JSON.parse(log.split('\n').find((l) => l.includes(requestId!))!);
    expect(line).toMatchObject({ msg: 'request', tenant: demoSlugs[0], route: 'page', path: '/', status: 200, req_id: requestId });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toContain('shut down cleanly');
  } finally {
    child.kill('SIGKILL');
  }
});
