// The accounts page's API over HTTP (the whole test app): only platform admins manage accounts (403 with a reason),
// invite links arrive by mail and work once, disabling ends sessions at once, own password change, and the audit log.
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordCostForTests } from './password';
import { ADMIN_EMAIL, signIn, startTestApp, staffEmail, type EditorClient, type TestApp } from '../../test-support/editor';
import { cookieOf } from '../../test-support/cookies';

const mails: { to: string; subject: string; text: string }[] = [];
const transport = { options: {}, sendMail: async (m: { to: string; subject: string; text: string }) => void mails.push(m) } as unknown as Transporter;
let app: TestApp;
let admin: EditorClient;
let staff: EditorClient;
const SITE = 'big-sky-cars';

async function mailTo(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const m = mails.filter((x) => x.to === to).at(-1);
    if (m) return m.text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}
const tokenIn = (text: string) => /set-password#([\w-]+)/.exec(text)![1];

async function anonymous(method: string, path: string, body?: unknown) {
  const r = await fetch(`http://127.0.0.1:${app.port}/editor/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: await r.json(), cookie: r.headers.get('set-cookie') ?? '' };
}

beforeAll(async () => {
  setPasswordCostForTests({ N: 1024, r: 8, p: 1 });
  app = await startTestApp({ total: 200, editorMailTransport: transport });
  admin = await signIn(app.port, ADMIN_EMAIL);
  staff = await signIn(app.port, staffEmail(SITE));
}, 60_000);
afterAll(async () => {
  await app?.close();
  setPasswordCostForTests();
});

describe('editor accounts API', () => {
  it('answers 403 with a reason to staff who are not platform admins, and 401 without a session', async () => {
    for (const [method, path, body] of [
      ['GET', '/accounts', undefined],
      ['POST', '/accounts', { email: 'x@dealer.example', sites: [SITE] }],
      ['POST', `/accounts/${staffEmail('harbourside-mazda')}/grants`, { sites: [SITE] }],
      ['POST', `/accounts/${staffEmail('harbourside-mazda')}/password-link`, {}],
      ['POST', `/accounts/${staffEmail('harbourside-mazda')}/disabled`, { disabled: true }],
    ] as const) {
      const r = await staff.call(method, path, body);
      expect(r, `${method} ${path}`).toEqual({ status: 403, body: { error: 'Only a platform admin may do this.' } });
      expect((await anonymous(method, path, body)).status).toBe(401);
    }
  });

  it('validates input on the server', async () => {
    expect(await admin.call('POST', '/accounts', { email: 'nope', sites: [] })).toEqual({
      status: 400,
      body: { error: 'Enter the email address of the person to invite.' },
    });
    expect(await admin.call('POST', '/accounts', { email: 'a@dealer.example', sites: ['no-such-site'] })).toEqual({
      status: 400,
      body: { error: 'There is no site with the id "no-such-site".' },
    });
    expect((await admin.call('POST', '/accounts', '{not json')).status).toBe(400);
    expect(await admin.call('POST', '/accounts/ghost@dealer.example/disabled', { disabled: true })).toEqual({
      status: 404,
      body: { error: 'There is no account with this email.' },
    });
  });

  it('invites staff: the mailed link works once, signs them in, and they see only their site', async () => {
    const invited = await admin.call('POST', '/accounts', { email: 'new.staff@dealer.example', name: 'Nina New', sites: [SITE] });
    expect(invited.status).toBe(201);
    expect(invited.body.account).toMatchObject({ email: 'new.staff@dealer.example', state: 'invited', tenants: [SITE] });
    expect(JSON.stringify(invited.body)).not.toMatch(/set-password|passwordHash/);
    const token = tokenIn(await mailTo('new.staff@dealer.example'));
    expect(await anonymous('GET', `/links/${token}`)).toMatchObject({
      status: 200,
      body: { purpose: 'invite', email: 'new.staff@dealer.example', name: 'Nina New' },
    });
    // Signing in before the password is set is refused like any wrong password.
    expect((await anonymous('POST', '/login', { email: 'new.staff@dealer.example', password: 'any password at all' })).status).toBe(401);
    // An empty password is not an attempt at all: a reason, and nothing counted.
    expect(await anonymous('POST', '/login', { email: 'new.staff@dealer.example', password: '' })).toMatchObject({
      status: 400,
      body: { error: 'Enter your email address and your password.' },
    });
    const used = await anonymous('POST', `/links/${token}`, { password: 'ninas own password' });
    expect(used.status).toBe(200);
    expect(used.cookie).toMatch(/^editor_session=[\w-]+/);
    const cookie = cookieOf(used.cookie);
    const tenants = await fetch(`http://127.0.0.1:${app.port}/editor/api/tenants`, { headers: { cookie } }).then((r) => r.json());
    expect(tenants.tenants.map((t: { slug: string }) => t.slug)).toEqual([SITE]);
    // Single use: a second use of the same link is refused.
    expect(await anonymous('POST', `/links/${token}`, { password: 'someone elses password' })).toMatchObject({ status: 410 });
    expect((await anonymous('GET', `/links/${token}`)).status).toBe(410);
    expect((await anonymous('GET', `/links/${'x'.repeat(43)}`)).status).toBe(410);
    await signIn(app.port, 'new.staff@dealer.example', 'ninas own password');
  });

  it('grants and revokes sites', async () => {
    const email = staffEmail('harbourside-mazda');
    expect((await admin.call('POST', `/accounts/${email}/grants`, { sites: [SITE] })).body.account.tenants).toEqual([SITE, 'harbourside-mazda']);
    expect((await admin.call('POST', `/accounts/${email}/grants`, { sites: [SITE], revoke: true })).body.account.tenants).toEqual(['harbourside-mazda']);
    const list = await admin.call('GET', '/accounts');
    expect(list.body.accounts.find((a: { email: string }) => a.email === email)).toMatchObject({ state: 'active', tenants: ['harbourside-mazda'] });
  });

  it('forgotten password: the same answer for an account that exists and one that does not', async () => {
    const known = await anonymous('POST', '/password-reset', { email: staffEmail('harbourside-mazda') });
    const unknown = await anonymous('POST', '/password-reset', { email: 'ghost@dealer.example' });
    expect(known).toEqual({ ...unknown, cookie: '' });
    expect(known.status).toBe(202);
    expect(tokenIn(await mailTo(staffEmail('harbourside-mazda')))).toMatch(/^[\w-]{43}$/);
  });

  it('disabling an account ends its sessions at once, and it cannot sign in', async () => {
    const email = staffEmail('outback-caravans-motorcycles');
    const victim = await signIn(app.port, email);
    expect((await victim.call('GET', '/tenants')).status).toBe(200);
    expect((await admin.call('POST', `/accounts/${email}/disabled`, { disabled: true })).body.account.state).toBe('disabled');
    expect((await victim.call('GET', '/tenants')).status).toBe(401);
    await expect(signIn(app.port, email)).rejects.toThrow(/401 The email or password is not right/);
    await admin.call('POST', `/accounts/${email}/disabled`, { disabled: false });
    await signIn(app.port, email);
  });

  it('staff change their own password: current password required, other sessions end, this one goes on', async () => {
    const email = staffEmail('southern-cross-motor-group');
    const here = await signIn(app.port, email);
    const elsewhere = await signIn(app.port, email);
    expect(await here.call('POST', '/password', { current: 'wrong', password: 'a fresh password!' })).toEqual({
      status: 403,
      body: { error: 'Your current password is not right.' },
    });
    const changed = await here.call('POST', '/password', { current: 'a long test password', password: 'a fresh password!' });
    expect(changed.status).toBe(200);
    expect((await elsewhere.call('GET', '/tenants')).status).toBe(401);
    await signIn(app.port, email, 'a fresh password!');
  });

  it('records who saved and published which revision, viewable per site by those who may edit it', async () => {
    const opened = await staff.call('GET', `/tenants/${SITE}`);
    const saved = await staff.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.body.head.rev, doc: opened.body.doc, publish: true });
    expect(saved.status).toBe(201);
    const log = await staff.call('GET', `/tenants/${SITE}/audit`);
    expect(log.status).toBe(200);
    expect(log.body.entries[0]).toMatchObject({ tenant: SITE, email: staffEmail(SITE), action: 'published', rev: saved.body.revision.rev, published: true });
    expect((await staff.call('GET', '/tenants/harbourside-mazda/audit')).status).toBe(403);
    // A draft, then a restore of the published revision: both recorded, newest first.
    const draft = await staff.call('POST', `/tenants/${SITE}/revisions`, { baseRev: saved.body.revision.rev, doc: opened.body.doc, publish: false });
    const restored = await staff.call('POST', `/tenants/${SITE}/revisions`, {
      baseRev: draft.body.revision.rev,
      doc: opened.body.doc,
      publish: true,
      restoredFrom: saved.body.revision.rev,
    });
    expect(restored.status).toBe(201);
    const after = (await admin.call('GET', `/tenants/${SITE}/audit`)).body.entries.slice(0, 3);
    expect(after.map((e: { action: string; rev: number; restoredFrom: number | null }) => [e.action, e.rev, e.restoredFrom])).toEqual([
      ['restored', restored.body.revision.rev, saved.body.revision.rev],
      ['saved', draft.body.revision.rev, null],
      ['published', saved.body.revision.rev, null],
    ]);
  });

  it("refuses with 422 a restore of a revision that is not one of this site's, recording nothing", async () => {
    const opened = await staff.call('GET', `/tenants/${SITE}`);
    // Another site with more revisions than this one: its newest revision number does not exist here.
    const other = 'harbourside-mazda';
    let otherHead = (await admin.call('GET', `/tenants/${other}`)).body;
    while (otherHead.head.rev <= opened.body.head.rev + 1) {
      const r = await admin.call('POST', `/tenants/${other}/revisions`, { baseRev: otherHead.head.rev, doc: otherHead.doc, publish: false });
      expect(r.status).toBe(201);
      otherHead = (await admin.call('GET', `/tenants/${other}`)).body;
    }
    const logBefore = (await admin.call('GET', `/tenants/${SITE}/audit`)).body.entries;
    for (const restoredFrom of [otherHead.head.rev, 999_999, 0, -1, 1.5, '1', 1e300]) {
      const r = await staff.call('POST', `/tenants/${SITE}/revisions`, { baseRev: opened.body.head.rev, doc: opened.body.doc, publish: true, restoredFrom });
      expect(r.status, JSON.stringify(restoredFrom)).toBe(422);
      expect(r.body.error).toBe(`Revision ${JSON.stringify(restoredFrom)} is not a revision of this site, so it cannot be restored. Nothing was saved.`);
      expect(r.body.problems).toEqual([{ path: 'restoredFrom', message: expect.stringContaining('is not a revision of this site'), code: 'editor' }]);
    }
    expect((await staff.call('GET', `/tenants/${SITE}`)).body.head.rev).toBe(opened.body.head.rev);
    expect((await admin.call('GET', `/tenants/${SITE}/audit`)).body.entries).toEqual(logBefore);
  });
});
