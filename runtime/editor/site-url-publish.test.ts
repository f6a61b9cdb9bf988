// In production a site's shopper mail takes its links from the site's url alone, so the editor refuses to publish a
// document without one (422 naming `url`), and publishes it once it has one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publicUrlsFromEnv } from '../infra/public-urls';
import { setPasswordCostForTests } from './password';
import { signIn, startTestApp, staffEmail, type EditorClient, type TestApp } from '../../test-support/editor';

const SITE = 'big-sky-cars';
let app: TestApp;
let staff: EditorClient;

beforeAll(async () => {
  setPasswordCostForTests({ N: 1024, r: 8, p: 1 });
  app = await startTestApp({ total: 200, publicUrls: publicUrlsFromEnv({ NODE_ENV: 'production', EDITOR_PUBLIC_URL: 'https://editor.example.com' }) });
  staff = await signIn(app.port, staffEmail(SITE));
}, 60_000);
afterAll(async () => {
  await app?.close();
  setPasswordCostForTests();
});

it('refuses to publish a site without url in production, and publishes it with one', async () => {
  const opened = (await staff.call('GET', `/tenants/${SITE}`)).body;
  const doc = structuredClone(opened.doc);
  expect(doc.url).toBe('https://www.bigskycars.example');
  delete doc.url;
  const refused = await staff.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.head.rev, doc, publish: true });
  expect(refused.status).toBe(422);
  expect(refused.body.problems).toEqual([expect.objectContaining({ path: 'url', message: expect.stringContaining('public address (url') })]);
  expect((await staff.call('GET', `/tenants/${SITE}`)).body.head.rev).toBe(opened.head.rev);

  doc.url = 'https://www.bigskycars.example';
  const published = await staff.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.head.rev, doc, publish: true });
  expect(published.status).toBe(201);
});
