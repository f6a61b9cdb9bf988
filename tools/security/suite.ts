// The attack suite (npm run test:security; run.ts loads this file through Vite, as the app's code needs). Starts the whole app in-process on loopback (sites, editor, leads, over a
// copy of the shipped tenants and a demo inventory), then runs every module of modules.ts: tenant isolation attempts
// on every route family, the issue-9 findings as regression cases, and a fast-check fuzz of every JSON API.
// Prints each failure, the attempts, leaks and 5xx answers per family, and a last line "N passed, N failed".
// Exits 1 on any leak, 5xx or failed check, or when fewer than 250 isolation attempts or 1,000 fuzzed requests ran.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { startTestApp } from '../../test-support/editor';
import type { Answer, SecurityContext } from './harness';
import { newestConfirmationToken, Recorder } from './harness';
import { securityModules } from './modules';
import { atLeast } from '../../test-support/at-least';

export const MIN_ISOLATION_ATTEMPTS = 250;
export const MIN_FUZZ_REQUESTS = 1000;

export async function runSuite(): Promise<number> {
  const started = performance.now();
  // A folder tree with a canary beside the served client folder: no path, however encoded, may read it.
  const root = mkdtempSync(join(tmpdir(), 'security-suite-'));
  const clientDir = join(root, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log("app");\n');
  const canary = `canary-${randomBytes(12).toString('hex')}`;
  writeFileSync(join(root, 'canary.txt'), canary);

  // Shoppers' mail, kept for the modules that follow a sign-up's confirmation link.
  const shopperMails: { to: string; text: string }[] = [];
  const app = await startTestApp({
    total: 1500,
    clientDir,
    shopperMailTransport: {
      options: {},
      sendMail: async (m: { to: string; text: string }) => void shopperMails.push({ to: String(m.to), text: m.text }),
    } as unknown as Transporter,
    // A server-only secret in one site's document: no answer to anyone may carry it.
    prepare(tenantsDir) {
      const file = join(tenantsDir, 'harbourside-mazda.json');
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.settings ??= {};
      doc.settings.leads ??= {};
      doc.settings.leads.crm = {
        endpoints: [{ dealershipId: doc.dealerships[0].id, url: 'https://crm.harbourside.example/leads', authorization: `Bearer ${canary}` }],
      };
      writeFileSync(file, JSON.stringify(doc, null, 2));
    },
  });
  const sites = atLeast(
    2,
    app.registry.all.flatMap((t) => (t.ok ? [t.doc] : [])),
    'the sites that validate',
  );

  function send(host: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const text = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const headers: Record<string, string | number> = { host, ...(options.headers ?? {}) };
    if (text !== undefined) {
      headers['content-length'] = Buffer.byteLength(text);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: app.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
        res.on('error', reject);
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        // The server may refuse a huge body by answering early and closing: that is a refusal, not a crash.
        if (e.code === 'EPIPE' || e.code === 'ECONNRESET')
          resolve({ status: 413, body: '(connection closed by the server while sending the body)', headers: {} });
        else reject(e);
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${host}${path}`)));
      req.end(text);
    });
  }

  const recorder = new Recorder();
  const ctx: SecurityContext = {
    app,
    recorder,
    sites,
    canary,
    // A site's cars: its own dealerships' cars shown on its website (their pages and media answer on its host).
    carsOf: (site) =>
      atLeast(
        1,
        app.cars.filter((c) => app.catalogue.carForTenant(site, c)),
        `the cars of ${site.slug}`,
      ),
    request: send,
    async confirmationToken(to) {
      while ((await app.shopperMail.runOnce()) > 0);
      return newestConfirmationToken(shopperMails, to);
    },
  };

  // SECURITY_MODULES=name,name runs only the modules whose name starts with one of those (while working on them);
  // the minimum attempt counts then do not apply. The test command always runs every module.
  const only = (process.env.SECURITY_MODULES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chosen = only.length ? securityModules.filter((m) => only.some((o) => m.name.startsWith(o))) : securityModules;
  let crashed = false;
  for (const module of chosen) {
    const before = recorder.totals.attempts;
    const t = performance.now();
    try {
      await module.run(ctx);
    } catch (e) {
      crashed = true;
      recorder.failed++;
      console.log(`FAIL ${module.name}: the module stopped: ${(e as Error).stack ?? e}`);
    }
    console.log(`${module.name}: ${recorder.totals.attempts - before} attempts in ${Math.round(performance.now() - t)} ms`);
  }
  await app.close();

  console.log('\nfamily'.padEnd(34) + 'attempts  leaks  5xx  failed');
  for (const [name, f] of [...recorder.families].sort())
    console.log(
      `${name.padEnd(33)}${String(f.attempts).padStart(8)}${String(f.leaks).padStart(7)}${String(f.serverErrors).padStart(5)}${String(f.failed).padStart(8)}`,
    );
  const totals = recorder.totals;
  const isolationAttempts = recorder.attemptsOf('isolation/');
  const fuzzRequests = recorder.attemptsOf('fuzz/');
  console.log(
    `\n${totals.attempts} attempts: ${isolationAttempts} tenant isolation attempts, ${fuzzRequests} fuzzed requests, ${totals.attempts - isolationAttempts - fuzzRequests} other checks`,
  );
  console.log(`${totals.leaks} leaks, ${totals.serverErrors} 5xx answers, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let failed = recorder.failed;
  if (!only.length && isolationAttempts < MIN_ISOLATION_ATTEMPTS) {
    console.log(`FAIL: only ${isolationAttempts} isolation attempts (at least ${MIN_ISOLATION_ATTEMPTS})`);
    failed++;
  }
  if (!only.length && fuzzRequests < MIN_FUZZ_REQUESTS) {
    console.log(`FAIL: only ${fuzzRequests} fuzzed requests (at least ${MIN_FUZZ_REQUESTS})`);
    failed++;
  }
  console.log(`${recorder.passed} passed, ${failed} failed`);
  return failed || crashed || totals.leaks || totals.serverErrors ? 1 : 0;
}
