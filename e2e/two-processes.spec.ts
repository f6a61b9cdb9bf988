// Two server processes on one tenants folder and one EDITOR_DATA_DIR (as behind a load balancer): a publish through
// the editor of one is served by the other without a restart, and the other's editor sees the new revision.
import { cpSync, mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AccountStore } from '../runtime/editor/accounts';
import { accountsFile } from '../runtime/editor/paths';
import { isolatedDataEnv, port, root, startServer, type SpecServer } from './helpers';
import { cookieOf } from '../test-support/cookies';

const SLUG = 'harbourside-mazda';
const PASSWORD = 'two-processes-2025';
const ports = [port + 9, port + 10] as const;
const servers: SpecServer[] = [];

test.describe.configure({ mode: 'serial' });

/** A request to one process with the site's Host header (Node's fetch would drop it). */
function call(p: number, method: string, path: string, options: { host?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const text = options.body === undefined ? '' : JSON.stringify(options.body);
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: p,
        path,
        method,
        headers: {
          host: options.host ?? `127.0.0.1:${p}`,
          ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: data }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function signIn(p: number) {
  const res = await call(p, 'POST', '/editor/api/login', { body: { email: 'staff@example.com', password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return { cookie: cookieOf(res.headers['set-cookie']), csrf: JSON.parse(res.text).csrf as string };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const tenantsDir = mkdtempSync(join(tmpdir(), 'e2e-two-tenants-'));
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-two-data-'));
  await new AccountStore(accountsFile(dataDir)).create({ email: 'staff@example.com', name: 'Sam Staff', password: PASSWORD, tenants: [SLUG] });
  // Shared: the tenants folder and the editor's data (accounts, sessions, revisions); each process has its own rest.
  // Started together, as behind a balancer: both may generate the same demo stock cache at once (DiskCarStore.publish).
  servers.push(
    ...(await Promise.all(
      ports.map((p, i) =>
        startServer({
          port: p,
          env: {
            ...isolatedDataEnv(mkdtempSync(join(tmpdir(), `e2e-two-own-${i}-`))),
            TENANTS_DIR: tenantsDir,
            EDITOR_DATA_DIR: dataDir,
            INVENTORY_SIZE: '500',
          },
          timeoutMs: 90_000,
        }),
      ),
    )),
  );
});

test.afterAll(() => Promise.all(servers.map((s) => s.stop())));

test('a publish on one process is served by the other without a restart', async () => {
  test.setTimeout(90_000);
  const [a, b] = ports;
  const heading = 'Published on process A, served by B';
  const before = await call(b, 'GET', '/', { host: `${SLUG}.localhost:${b}` });
  expect(before.status).toBe(200);
  expect(before.text).not.toContain(heading);

  const editorA = await signIn(a);
  const opened = await call(a, 'GET', `/editor/api/tenants/${SLUG}`, { headers: { cookie: editorA.cookie } });
  expect(opened.status).toBe(200);
  const { doc, head } = JSON.parse(opened.text);
  const hero = doc.pages['/'].blocks.find((block: { type: string }) => block.type === 'hero');
  hero.props.heading = heading;
  const published = await call(a, 'POST', `/editor/api/tenants/${SLUG}/revisions`, {
    body: { baseRev: head.rev, doc, publish: true },
    headers: { cookie: editorA.cookie, 'x-csrf-token': editorA.csrf },
  });
  expect(published.status, published.text).toBe(201);
  const rev = JSON.parse(published.text).revision.rev;

  // B never restarted: it picks up the file A wrote. In 30 s: CI's parallel suite once kept B on the old page past 10 s
  // (the file event or its reload delayed under load; alone it shows within a second).
  await expect.poll(async () => (await call(b, 'GET', '/', { host: `${SLUG}.localhost:${b}` })).text, { timeout: 30_000 }).toContain(heading);
  // B's editor sees the same history (revisions live in the shared data folder).
  const editorB = await signIn(b);
  const history = await call(b, 'GET', `/editor/api/tenants/${SLUG}/revisions`, { headers: { cookie: editorB.cookie } });
  expect(JSON.parse(history.text).revisions[0]).toMatchObject({ rev, kind: 'published', author: 'staff@example.com' });
  // and a stale save on B is refused with the conflict (it opened nothing newer than A's publish)
  const stale = await call(b, 'POST', `/editor/api/tenants/${SLUG}/revisions`, {
    body: { baseRev: head.rev, doc, publish: false },
    headers: { cookie: editorB.cookie, 'x-csrf-token': editorB.csrf },
  });
  expect(stale.status).toBe(409);
});
