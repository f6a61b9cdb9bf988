// Two processes on one data folder: while another process publishes 100 revisions (and rewrites the tenant file each
// time), a reader never sees a revision or tenant file half-written: every file it finds parses and is whole.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/tenants';
import { RevisionStore } from './revisions';

const ROUNDS = 100;

describe('revision and tenant files shared by two processes', () => {
  it(`a reader never sees a half-written file over ${ROUNDS} rounds`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revisions-'));
    const tenantFile = join(dir, 'site.json');
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'test-support/concurrent-writer.ts'), dir, tenantFile, String(ROUNDS)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let done = false;
    void exited.then(() => (done = true));

    const store = new RevisionStore(dir);
    const problems: string[] = [];
    const seen = new Set<number>();
    let reads = 0;
    const whole = (what: string, doc: { round?: number; end?: number; filler?: string } | undefined) => {
      if (!doc) return;
      reads++;
      if (doc.end !== doc.round || doc.filler?.length !== 1_000_000) problems.push(`${what}: round ${doc.round} is not whole`);
    };
    while (!done) {
      try {
        const head = store.head('site');
        if (head) {
          seen.add(head.rev);
          whole(`revision ${head.rev}`, head.doc as never);
        }
        if (existsSync(tenantFile)) whole('tenant file', JSON.parse(readFileSync(tenantFile, 'utf8')));
      } catch (e) {
        problems.push((e as Error).message.slice(0, 200));
      }
      await tick();
    }
    expect(await exited, stderr).toBe(0);
    expect(problems).toEqual([]);
    expect(store.head('site')!.rev).toBe(ROUNDS);
    expect(seen.size).toBeGreaterThan(5); // the reader really ran alongside the writer
    expect(reads).toBeGreaterThan(ROUNDS);
  }, 120_000);
});
