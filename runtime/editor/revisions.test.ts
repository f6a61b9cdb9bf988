import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RevisionStore } from './revisions';

const store = () => new RevisionStore(mkdtempSync(join(tmpdir(), 'revisions-')), () => new Date('2025-03-04T05:06:07.000Z'));
const alice = { author: 'alice@example.com', authorName: 'Alice Nguyen' };
const bob = { author: 'bob@example.com', authorName: 'Bob Smith' };

describe('RevisionStore', () => {
  it('numbers revisions from 1 and records who saved each and when', () => {
    const s = store();
    expect(s.head('test-motors')).toBeUndefined();
    const first = s.append('test-motors', { baseRev: undefined, kind: 'imported', ...alice, doc: { name: 'A' } });
    expect(first).toEqual({ ok: true, revision: { rev: 1, kind: 'imported', ...alice, at: '2025-03-04T05:06:07.000Z' } });
    const second = s.append('test-motors', { baseRev: 1, kind: 'published', ...bob, doc: { name: 'B' } });
    expect(second.ok && second.revision).toMatchObject({ rev: 2, baseRev: 1, author: 'bob@example.com' });
    expect(s.head('test-motors')!.doc).toEqual({ name: 'B' });
    expect(s.get('test-motors', 1)!.doc).toEqual({ name: 'A' });
    expect(s.list('test-motors').map((r) => r.rev)).toEqual([2, 1]);
    expect(s.list('test-motors')[0]).not.toHaveProperty('doc');
  });

  it('refuses a save based on an older revision, names who saved since, and keeps every revision', () => {
    const s = store();
    s.append('test-motors', { baseRev: undefined, kind: 'imported', ...alice, doc: { v: 1 } });
    expect(s.append('test-motors', { baseRev: 1, kind: 'published', ...bob, doc: { v: 2 } }).ok).toBe(true);
    const stale = s.append('test-motors', { baseRev: 1, kind: 'published', ...alice, doc: { v: 3 } });
    expect(stale).toEqual({ ok: false, conflict: expect.objectContaining({ rev: 2, kind: 'published', authorName: 'Bob Smith', author: 'bob@example.com' }) });
    expect(s.head('test-motors')!.doc).toEqual({ v: 2 });
    expect(s.list('test-motors')).toHaveLength(2);
  });

  it('tells published revisions from drafts', () => {
    const s = store();
    s.append('test-motors', { baseRev: undefined, kind: 'imported', ...alice, doc: { v: 1 } });
    s.append('test-motors', { baseRev: 1, kind: 'published', ...alice, doc: { v: 2 } });
    s.append('test-motors', { baseRev: 2, kind: 'draft', ...alice, doc: { v: 3 } });
    expect(s.latestLive('test-motors')!.rev).toBe(2);
    expect(s.head('test-motors')!.rev).toBe(3);
  });

  it('keeps tenants apart and rejects slugs that could escape its folder', () => {
    const s = store();
    s.append('one-site', { baseRev: undefined, kind: 'draft', ...alice, doc: {} });
    expect(s.head('other-site')).toBeUndefined();
    expect(() => s.head('../etc')).toThrow(/invalid tenant slug/);
  });

  it('records which revision a restore brought back', () => {
    const s = store();
    s.append('t1', { baseRev: undefined, kind: 'imported', ...alice, doc: { v: 1 } });
    s.append('t1', { baseRev: 1, kind: 'published', ...alice, doc: { v: 2 } });
    const r = s.append('t1', { baseRev: 2, kind: 'published', ...bob, doc: { v: 1 }, restoredFrom: 1 });
    expect(r.ok && r.revision.restoredFrom).toBe(1);
  });

  it('refuses a restore of a revision that does not exist, writing nothing', () => {
    const s = store();
    s.append('t1', { baseRev: undefined, kind: 'imported', ...alice, doc: { v: 1 } });
    s.append('t2', { baseRev: undefined, kind: 'imported', ...alice, doc: { v: 1 } });
    s.append('t2', { baseRev: 1, kind: 'draft', ...alice, doc: { v: 2 } });
    // t2 has a revision 2, t1 does not.
    expect(() => s.append('t1', { baseRev: 1, kind: 'published', ...bob, doc: { v: 1 }, restoredFrom: 2 })).toThrow('revision 2 does not exist');
    expect(() => s.append('t1', { baseRev: 1, kind: 'published', ...bob, doc: { v: 1 }, restoredFrom: 0 })).toThrow('revision 0 does not exist');
    expect(s.list('t1').map((r) => r.rev)).toEqual([1]);
  });
});

describe('atomic writes', () => {
  it('leaves no temporary files behind', async () => {
    const { writeFileAtomic } = await import('./atomic-write');
    const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
    writeFileAtomic(join(dir, 'a.json'), '{"a":1}');
    writeFileAtomic(join(dir, 'a.json'), '{"a":2}');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });
});
