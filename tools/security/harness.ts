// The attack suite's bookkeeping: every request is one attempt in a family; an attempt fails when the server answers
// 5xx, when it leaks (another site's data, a file, a write that should have been refused), or when a regression
// check does not hold. Failures are printed as they happen; the summary prints per family.
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { Car } from '../../schemas/generated/car';
import type { TestApp } from '../../test-support/editor';

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Verdict {
  /** Another site's data, a file or a forbidden write got through: the reason. */
  leak?: string;
  /** A regression check that does not hold (not a leak): the reason. */
  fail?: string;
}

interface FamilyCount {
  attempts: number;
  leaks: number;
  serverErrors: number;
  failed: number;
}

export interface AttemptOptions {
  /** A flood that means to fill the password-hashing queue: its 503 "busy" refusal is a correct answer, not a fault. */
  busyIsRefusal?: boolean;
}

/** The server's "too busy, try again" refusal: 503 with a Retry-After and { code: 'busy' } (see http-errors.ts). */
export function isBusyRefusal(a: Answer): boolean {
  if (a.status !== 503 || !(Number(a.headers['retry-after']) >= 1)) return false;
  try {
    return JSON.parse(a.body).code === 'busy';
  } catch {
    return false;
  }
}

export class Recorder {
  readonly families = new Map<string, FamilyCount>();
  passed = 0;
  failed = 0;

  private family(name: string): FamilyCount {
    let f = this.families.get(name);
    if (!f) this.families.set(name, (f = { attempts: 0, leaks: 0, serverErrors: 0, failed: 0 }));
    return f;
  }

  /** Records one attempt: its answer (or the error that prevented one) and what the judge says of it. */
  async attempt(
    family: string,
    what: string,
    send: () => Promise<Answer>,
    judge: (a: Answer) => Verdict | undefined = () => undefined,
    options: AttemptOptions = {},
  ): Promise<Answer | undefined> {
    const f = this.family(family);
    f.attempts++;
    let answer: Answer;
    try {
      answer = await send();
    } catch (e) {
      f.failed++;
      this.failed++;
      console.log(`FAIL ${family}: ${what}: no answer (${(e as Error).message})`);
      return undefined;
    }
    const problems: string[] = [];
    if (answer.status >= 500 && !(options.busyIsRefusal && isBusyRefusal(answer))) {
      f.serverErrors++;
      problems.push(`5xx: ${answer.status} ${answer.body.slice(0, 120)}`);
    }
    let verdict: Verdict | undefined;
    try {
      verdict = judge(answer);
    } catch (e) {
      verdict = { fail: `the check threw: ${(e as Error).message}` };
    }
    if (verdict?.leak) {
      f.leaks++;
      problems.push(`LEAK: ${verdict.leak}`);
    }
    if (verdict?.fail) problems.push(verdict.fail);
    if (problems.length) {
      f.failed++;
      this.failed++;
      console.log(`FAIL ${family}: ${what}: ${problems.join('; ')} (answer ${answer.status})`);
    } else this.passed++;
    return answer;
  }

  get totals(): FamilyCount {
    const t = { attempts: 0, leaks: 0, serverErrors: 0, failed: 0 };
    for (const f of this.families.values()) {
      t.attempts += f.attempts;
      t.leaks += f.leaks;
      t.serverErrors += f.serverErrors;
      t.failed += f.failed;
    }
    return t;
  }

  /** Attempts of the families whose name starts with `prefix`. */
  attemptsOf(prefix: string): number {
    return [...this.families].filter(([name]) => name.startsWith(prefix)).reduce((n, [, f]) => n + f.attempts, 0);
  }
}

export interface SecurityContext {
  app: TestApp;
  recorder: Recorder;
  /** The sites the app serves (valid documents of the shipped tenants). */
  sites: [TenantDocument, TenantDocument, ...TenantDocument[]];
  /** Cars of a site shown on its website (pages, media), from the app's own catalogue. */
  carsOf(site: TenantDocument): [Car, ...Car[]];
  /** A file outside the served folders whose content must never come back. */
  canary: string;
  /** Any method, any Host, a raw or JSON body; never throws on a 4xx/5xx. */
  request(host: string, method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Answer>;
  /** Sends the shoppers' queued mail, then the token of the newest sign-up confirmation link mailed to `to`, if any. */
  confirmationToken(to: string): Promise<string | undefined>;
}

/** The token of the newest sign-up confirmation link among `mails` to `to`. */
export const newestConfirmationToken = (mails: { to: string; text: string }[], to: string): string | undefined =>
  mails
    .filter((m) => m.to === to)
    .flatMap((m) => /confirm-account\?token=([\w-]+)/.exec(m.text)?.[1] ?? [])
    .at(-1);

/** The names of the cookies an answer sets: a new and a registered email must not differ in them. */
/** A site's first domain: the attacks on host names need one. */
export function firstDomain(site: TenantDocument): string {
  const [domain] = site.domains ?? [];
  if (!domain) throw new Error(`${site.slug} has no domain to attack`);
  return domain;
}

export const cookieNamesOf = (a: Answer): string[] =>
  ([] as string[])
    .concat(a.headers['set-cookie'] ?? [])
    .map((c) => c.slice(0, c.indexOf('=')))
    .sort();

/** One part of the suite. issue-9b's header checks (and any later ones) are added as another module in modules.ts. */
export interface SecurityModule {
  name: string;
  run(ctx: SecurityContext): Promise<void>;
}
