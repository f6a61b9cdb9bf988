import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTenantsDir } from '../../test-support/tenants';
import { loadTenant } from '../tenants/load';
import { effectiveLocks, lockViolations } from './locks';

const template = {
  locks: [{ block: 'brand', reason: 'the brand band is the same on every site' }],
  theme: { primary: '#101820' },
  pages: { '/': { blocks: [{ id: 'brand', type: 'hero', props: { heading: 'Brand' } }] } },
};
const live = {
  ...template,
  locks: [{ block: 'hero', prop: 'heading', reason: 'approved wording' }],
  pages: {
    '/': {
      blocks: [
        { id: 'brand', type: 'hero', props: { heading: 'Brand' } },
        { id: 'hero', type: 'hero', props: { heading: 'Approved', subheading: 'Free to change' } },
      ],
    },
  },
};
// biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
const draftWith = (change: (d: any) => void) => {
  // biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
  const d = structuredClone(live) as any;
  change(d);
  return d;
};

describe('locks', () => {
  it("are the template's and the site's own, the template's first", () => {
    expect(effectiveLocks(template, live).map((l) => [l.source, l.block, l.prop ?? null])).toEqual([
      ['template', 'brand', null],
      ['tenant', 'hero', 'heading'],
    ]);
  });

  it('refuse a locked prop but not the others, for staff', () => {
    expect(
      lockViolations(
        draftWith((d) => (d.pages['/'].blocks[1].props.subheading = 'New')),
        template,
        live,
        false,
      ),
    ).toEqual([]);
    const v = lockViolations(
      draftWith((d) => (d.pages['/'].blocks[1].props.heading = 'Unapproved')),
      template,
      live,
      false,
    );
    expect(v.map((x) => x.message)).toEqual(['heading of block hero is locked (approved wording); it cannot be changed here']);
    // A platform admin may change what the site itself locks.
    expect(
      lockViolations(
        draftWith((d) => (d.pages['/'].blocks[1].props.heading = 'Unapproved')),
        template,
        live,
        true,
      ),
    ).toEqual([]);
  });

  it("refuse a template's locked block changed, moved to another page or removed, even for an admin", () => {
    const changed = draftWith((d) => (d.pages['/'].blocks[0].props.heading = 'Mine'));
    const moved = draftWith((d) => {
      d.pages['/about'] = { blocks: [d.pages['/'].blocks.shift()] };
    });
    const removed = draftWith((d) => d.pages['/'].blocks.shift());
    for (const draft of [changed, moved, removed]) {
      expect(lockViolations(draft, template, live, true).map((x) => x.message)).toEqual([
        'block brand is locked (the brand band is the same on every site); it cannot be changed here',
      ]);
    }
  });
});

describe('the validator', () => {
  it("refuses a tenant file that overrides what its template locks, naming the lock's reason", () => {
    const dir = tempTenantsDir({}, { withShippedTenants: true });
    const templateFile = join(dir, 'templates', 'single-brand.json');
    const file = join(dir, 'harbourside-mazda.json');
    expect(loadTenant(file, join(dir, 'templates')).ok).toBe(true);
    // The template locks its model page's overview block; a tenant page of its own with another one is refused.
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.pages['/:model'] = {
      title: 'Model',
      data: 'model',
      blocks: [{ id: 'model-overview', type: 'model-overview', props: { stockHeading: 'Our own heading' } }],
    };
    writeFileSync(file, JSON.stringify(doc));
    const loaded = loadTenant(file, join(dir, 'templates'));
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.problems.filter((p) => p.code === 'locked').map((p) => p.message)).toEqual([
      "block model-overview is locked (the model pages are the brand's, the same on every dealer's site); it cannot be changed here",
    ]);
    expect(readFileSync(templateFile, 'utf8')).toContain('"locks"');
  }, 30_000);
});
