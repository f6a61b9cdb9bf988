import fc from 'fast-check';
import { enablePatches, produce } from 'immer';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIncrementalValidator } from './incremental-validate';
import { resolveTenantFile } from './resolve';
import { repoRoot } from '../../test-support/tenants';
import { validateTenantDocument, type ValidationResult } from './validate';

enablePatches();

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
const shipped = (slug: string) => resolveTenantFile(join(repoRoot, 'tenants', `${slug}.json`), join(repoRoot, 'tenants/templates')) as Record<string, any>;

/** What a result says, order aside (the parts are checked one after the other, so problems come in another order). */
const outcome = (r: ValidationResult) =>
  r.ok ? { ok: true, doc: r.doc } : { ok: false, problems: [...r.problems].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) };

/** Every path in a document (objects and lists down to their leaves). */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  return out;
}

const values = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'hero', 'rich-text', 'columns', '/', '/about-us', '#zz', '13:00', 'not a date', '5 years'),
  fc.integer({ min: -5, max: 100_000 }),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ id: 'new-block', type: 'hero', props: { heading: 'Added' } }),
  fc.constant({ id: 'new-text', type: 'rich-text', props: {} }),
  fc.constant({ title: 'New page', blocks: [{ id: 'np', type: 'hero', props: { heading: 'New' } }] }),
);
const edit = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('set', 'set', 'delete', 'add-key'),
  value: values,
  key: fc.constantFrom('extra', 'props', '/new-page', 'heading', 'id'),
});

describe('createIncrementalValidator', () => {
  it('gives the shipped documents the same result as the full validator', () => {
    for (const slug of ['harbourside-mazda', 'big-sky-cars']) {
      const doc = shipped(slug);
      expect(outcome(createIncrementalValidator()(doc))).toEqual(outcome(validateTenantDocument(doc)));
    }
  }, 120_000);

  it('equals the full validator after any sequence of edits, as the editor makes them (immer, blocks shared)', () => {
    const base = shipped('harbourside-mazda');
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
        const validate = createIncrementalValidator();
        let doc = base;
        validate(doc);
        for (const e of edits) {
          // Edits mostly land in the pages (where the parts are), sometimes anywhere.
          const all = paths(doc);
          const inPages = all.filter((p) => p[0] === 'pages');
          const pool = e.pick % 4 === 0 ? all : inPages;
          const target = pool[e.pick % pool.length];
          // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
          doc = produce(doc, (d: any) => {
            if (!target?.length) return;
            let node = d;
            for (const k of target.slice(0, -1)) node = node[k];
            const last = target.at(-1)!;
            if (e.op === 'delete') {
              if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
              else delete node[last];
            } else if (e.op === 'add-key' && node[last] && typeof node[last] === 'object' && !Array.isArray(node[last])) node[last][e.key] = e.value;
            else node[last] = e.value;
          });
          expect(outcome(validate(doc))).toEqual(outcome(validateTenantDocument(doc)));
        }
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  it("validates one object placed at two paths as two (a block's defaults do not leak into a page that is the same object)", { timeout: 60_000 }, () => {
    // Seed 91511715 of the property above: the same {} became page "/" and the props of an interested-in block.
    // structuredClone kept them one object, so Ajv's defaults for the block (heading, links) appeared in the page too,
    // and the full validator reported them as unknown fields of page "/" where the document has none.
    const base = shipped('harbourside-mazda');
    const route = Object.keys(base.pages).find((r) => base.pages[r].blocks?.some((b: { type: string }) => b.type === 'interested-in'))!;
    const shared = {};
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const doc = produce(base, (d: any) => {
      d.pages['/'] = shared;
      d.pages[route].blocks.find((b: { type: string }) => b.type === 'interested-in').props = shared;
    });
    expect(doc.pages['/']).toBe(doc.pages[route].blocks.find((b: { type: string }) => b.type === 'interested-in').props);
    const full = validateTenantDocument(doc);
    expect(full.problems.filter((p) => p.path.startsWith('pages["/"]'))).toEqual([
      { path: 'pages["/"].title', message: 'required field "title" is missing', code: 'schema' },
      { path: 'pages["/"].blocks', message: 'required field "blocks" is missing', code: 'schema' },
    ]);
    const validate = createIncrementalValidator();
    validate(base);
    expect(outcome(validate(doc))).toEqual(outcome(full));
  });

  it('checks again only the blocks an edit changed, and the validated document reuses the others', { timeout: 60_000 }, () => {
    const validate = createIncrementalValidator();
    const before = shipped('harbourside-mazda');
    const first = validate(before);
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const after = produce(before, (d: any) => {
      d.pages['/'].blocks[0].props.heading = 'Changed';
    });
    const second = validate(after);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    const [a = [], b = []] = [first.doc.pages['/']?.blocks, second.doc.pages['/']?.blocks];
    expect((b[0]?.props as { heading: string } | undefined)?.heading).toBe('Changed');
    expect(b[0]).not.toBe(a[0]);
    expect(b.slice(1)).toEqual(a.slice(1));
    b.slice(1).forEach((block, i) => expect(block).toBe(a[i + 1]));
  });

  it('reports an invalid block at its place in the document, and forgets it once fixed', { timeout: 60_000 }, () => {
    const validate = createIncrementalValidator();
    const doc = shipped('harbourside-mazda');
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const broken = produce(doc, (d: any) => {
      d.pages['/'].blocks[1].props = { ...d.pages['/'].blocks[1].props, nonsense: 1 };
    });
    const result = validate(broken);
    expect(result.ok).toBe(false);
    expect(outcome(result)).toEqual(outcome(validateTenantDocument(broken)));
    expect(result.problems.map((p) => p.path)).toContain('pages["/"].blocks[1].props.nonsense');
    expect(validate(doc).ok).toBe(true);
  });
});
