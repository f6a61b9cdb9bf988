// Scheduled publishing, share links and locks through the editor's API, as staff use them, on the test app with an
// injected editor clock: a schedule runs when the clock passes its time (once, even with two processes on the same
// store), can be cancelled, and is in the audit log; a share link works signed out and read-only until it expires or
// is withdrawn; locked values are refused by the server on save and publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordCostForTests } from '../password';
import { ADMIN_EMAIL, signIn, startTestApp, staffEmail, type EditorClient, type TestApp } from '../../../test-support/editor';
import { Publishing } from './publishing';
import { atLeast } from '../../../test-support/at-least';

const SITE = 'harbourside-mazda'; // Brisbane: AEST all year, +10:00
let clock = Date.parse('2026-11-29T00:00:00Z');
let app: TestApp;
let staff: EditorClient;
let admin: EditorClient;

beforeAll(async () => {
  setPasswordCostForTests({ N: 1024, r: 8, p: 1 });
  app = await startTestApp({ total: 200, editorNow: () => clock });
  staff = await signIn(app.port, staffEmail(SITE));
  admin = await signIn(app.port, ADMIN_EMAIL);
}, 60_000);
afterAll(async () => {
  await app?.close();
  setPasswordCostForTests();
});

// biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
async function saveDraft(client: EditorClient, change: (doc: any) => void) {
  const opened = (await client.call('GET', `/tenants/${SITE}`)).body;
  const doc = structuredClone(opened.doc);
  change(doc);
  const saved = await client.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.head.rev, doc, publish: false });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.revision.rev as number;
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
const heroHeading = (doc: any) => doc.pages['/'].blocks.find((b: any) => b.id === 'home-hero').props.heading;
// biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
const setHero = (heading: string) => (doc: any) => {
  // biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
  doc.pages['/'].blocks.find((b: any) => b.id === 'home-hero').props.heading = heading;
};
const liveHero = () => {
  const t = app.registry.all.find((x) => x.slug === SITE);
  return t?.ok ? heroHeading(t.doc) : undefined;
};

describe('scheduled publishing', () => {
  it('publishes the draft when the clock reaches the time in the site time zone, once, and records it', async () => {
    const rev = await saveDraft(staff, setHero('Summer sale starts now'));
    const scheduled = await staff.call('POST', `/tenants/${SITE}/schedules`, { rev, at: '2026-12-01T09:00' });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    // 9 am in Brisbane is 11 pm UTC the day before.
    expect(scheduled.body.schedule.runAtIso).toBe('2026-11-30T23:00:00.000Z');
    expect(scheduled.body.schedule.label).toBe('Tue 1 Dec 2026, 9:00 am AEST');
    const listed = (await staff.call('GET', `/tenants/${SITE}/schedules`)).body;
    expect(listed.timeZone).toBe('Australia/Brisbane');
    expect(listed.pending).toMatchObject({ rev, status: 'pending', createdBy: staffEmail(SITE) });

    // A second schedule while one is pending is refused with when the first runs.
    const again = await staff.call('POST', `/tenants/${SITE}/schedules`, { rev, at: '2026-12-02T09:00' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`Revision ${rev} is already scheduled to publish at Tue 1 Dec 2026, 9:00 am AEST. Cancel that first.`);

    clock = Date.parse('2026-11-30T22:59:59Z');
    expect(await app.editor.publishing.runDue()).toEqual([]);
    expect(liveHero()).not.toBe('Summer sale starts now');

    // Past the time: two processes on the same store tick at once; one publishes, the other finds nothing to do.
    clock = Date.parse('2026-11-30T23:00:30Z');
    // biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
    const other = new Publishing({ store: app.editor.publishing.store, documents: (app.editor.publishing as any).options.documents, now: () => clock });
    const [a, b] = await Promise.all([app.editor.publishing.runDue(), other.runDue()]);
    expect([...a, ...b]).toHaveLength(1);
    const [ran] = atLeast(1, [...a, ...b], 'the schedules run');
    expect(ran.status).toBe('published');
    expect(liveHero()).toBe('Summer sale starts now');
    const revisions = (await staff.call('GET', `/tenants/${SITE}/revisions`)).body.revisions;
    expect(revisions[0]).toMatchObject({ kind: 'published', author: staffEmail(SITE) });
    expect(ran.outcome).toBe(`Published as revision ${revisions[0].rev}.`);
    expect(await app.editor.publishing.runDue()).toEqual([]);

    const audit = (await staff.call('GET', `/tenants/${SITE}/audit`)).body.entries;
    expect(audit[0]).toMatchObject({ action: 'published', rev: revisions[0].rev, name: 'Staff of Harbourside Mazda (scheduled)' });
    expect(audit[1]).toMatchObject({ action: 'scheduled', rev, email: staffEmail(SITE) });
  });

  it('can be cancelled, and then never runs', async () => {
    const rev = await saveDraft(staff, setHero('Cancelled idea'));
    const scheduled = (await staff.call('POST', `/tenants/${SITE}/schedules`, { rev, at: '2026-12-05T17:30' })).body.schedule;
    const cancelled = await staff.call('POST', `/tenants/${SITE}/schedules/${scheduled.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelled.status).toBe('cancelled');
    expect((await staff.call('POST', `/tenants/${SITE}/schedules/${scheduled.id}/cancel`)).status).toBe(409);
    clock = Date.parse('2026-12-06T00:00:00Z');
    expect(await app.editor.publishing.runDue()).toEqual([]);
    expect(liveHero()).not.toBe('Cancelled idea');
    const audit = (await staff.call('GET', `/tenants/${SITE}/audit`)).body.entries;
    expect(audit[0]).toMatchObject({ action: 'schedule cancelled', rev });
  });

  it('fails (and says why) when a newer revision was saved after it was scheduled', async () => {
    const rev = await saveDraft(staff, setHero('First draft'));
    await staff.call('POST', `/tenants/${SITE}/schedules`, { rev, at: '2026-12-06T12:00' });
    const newer = await saveDraft(staff, setHero('Second draft'));
    clock = Date.parse('2026-12-06T03:00:00Z');
    const [ran] = atLeast(1, await app.editor.publishing.runDue(), 'the schedules run');
    expect(ran.status).toBe('failed');
    expect(ran.outcome).toBe(`Not published: revision ${newer} was saved after revision ${rev} was scheduled. Schedule the newest draft again.`);
    expect(liveHero()).not.toBe('First draft');
  });

  it('refuses a time that has passed, a malformed time and an unknown revision with a sentence', async () => {
    const rev = await saveDraft(staff, setHero('Late'));
    const past = await staff.call('POST', `/tenants/${SITE}/schedules`, { rev, at: '2026-12-01T09:00' });
    expect(past.status).toBe(422);
    expect(past.body.error).toBe('Tue 1 Dec 2026, 9:00 am AEST has already passed. Choose a time in the future, or publish now.');
    const bad = await staff.call('POST', `/tenants/${SITE}/schedules`, { rev, at: 'next tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Give the date and time to publish as "at", e.g. 2026-12-01T09:00 (Australia/Brisbane time).');
    const unknown = await staff.call('POST', `/tenants/${SITE}/schedules`, { rev: 99999, at: '2027-01-01T09:00' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe('Revision 99999 is not a revision of this site.');
  });
});

describe('share links', () => {
  it('shows the draft signed out, read-only and not indexed, until it expires', async () => {
    const rev = await saveDraft(staff, setHero('Draft for the manager'));
    const shared = await staff.call('POST', `/tenants/${SITE}/share-links`, { rev });
    expect(shared.status).toBe(201);
    // Built from the editor's configured origin (the test app's default), never from the request.
    expect(shared.body.url).toMatch(/^http:\/\/localhost:3000\/editor\/share\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(shared.body.url).pathname;

    const page = await fetch(`http://127.0.0.1:${app.port}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    const html = await page.text();
    expect(html).toContain('Draft preview: revision');
    expect(html).toContain('Draft for the manager');
    expect(html).not.toMatch(/<script\b/i);
    // Links stay inside the preview.
    expect(html).toMatch(new RegExp(`href="${path}\\?path=%2F`));
    expect(liveHero()).not.toBe('Draft for the manager');

    // Only the hash is stored: the link's id is not the token.
    const links = (await staff.call('GET', `/tenants/${SITE}/share-links`)).body.links;
    expect(links[0].id).not.toBe(path.split('/').pop());

    clock += 7 * 86_400_000;
    const expired = await fetch(`http://127.0.0.1:${app.port}${path}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This preview link has expired. Ask whoever sent it for a new one.');
  });

  it('stops working when withdrawn; a made-up token is not found', async () => {
    const rev = await saveDraft(staff, setHero('Withdrawn draft'));
    const shared = (await staff.call('POST', `/tenants/${SITE}/share-links`, { rev })).body;
    const path = new URL(shared.url).pathname;
    expect((await fetch(`http://127.0.0.1:${app.port}${path}`)).status).toBe(200);
    expect((await staff.call('POST', `/tenants/${SITE}/share-links/${shared.id}/revoke`)).status).toBe(200);
    const revoked = await fetch(`http://127.0.0.1:${app.port}${path}`);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain('This preview link was withdrawn.');
    expect((await fetch(`http://127.0.0.1:${app.port}/editor/share/${'x'.repeat(43)}`)).status).toBe(404);
  });
});

describe('locks', () => {
  it('lists the template and site locks with their reasons', async () => {
    const locks = (await staff.call('GET', `/tenants/${SITE}/locks`)).body.locks;
    expect(locks).toEqual([
      { block: 'model-overview', reason: "the model pages are the brand's, the same on every dealer's site", source: 'template' },
      { path: '/theme/primary', reason: "Mazda's brand colour, set by the platform team", source: 'tenant' },
    ]);
  });

  it('refuses a locked prop on save and on publish, for staff; a platform admin may change the site lock', async () => {
    const opened = (await staff.call('GET', `/tenants/${SITE}`)).body;
    const doc = structuredClone(opened.doc);
    doc.theme.primary = '#ff0000';
    for (const publish of [false, true]) {
      const refused = await staff.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.head.rev, doc, publish });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(
        `/theme/primary is locked (Mazda's brand colour, set by the platform team); it cannot be changed here. Undo that change; nothing was ${publish ? 'published' : 'saved'}.`,
      );
    }
    expect((await staff.call('GET', `/tenants/${SITE}`)).body.head.rev).toBe(opened.head.rev);
    const byAdmin = await admin.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.head.rev, doc, publish: false });
    expect(byAdmin.status).toBe(201);
  });

  it("refuses a change to a template's locked block even from a platform admin", async () => {
    const opened = (await admin.call('GET', `/tenants/${SITE}`)).body;
    const doc = structuredClone(opened.doc);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
    doc.pages['/:model'].blocks.find((b: any) => b.id === 'model-overview').props = { heading: 'Our own take' };
    const refused = await admin.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.head.rev, doc, publish: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^Block model-overview is locked \(the model pages are the brand's/);
  });

  it('refuses a staff change to the locks themselves', async () => {
    const opened = (await staff.call('GET', `/tenants/${SITE}`)).body;
    const doc = structuredClone(opened.doc);
    doc.theme.primary = '#101820'; // the live colour (an admin's draft changed it)
    doc.locks = [];
    const refused = await staff.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.head.rev, doc, publish: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only a platform admin may lock or unlock blocks and settings. Undo that change; nothing was saved.');
  });
});
