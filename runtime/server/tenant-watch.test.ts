// The registry follows the tenants folder: a document published by another process is served without a restart,
// one that does not validate never replaces the served one, and a removed file stops its tenant.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../editor/atomic-write';
import { tempTenantsDir } from '../../test-support/tenants';
import { TenantRegistry } from './tenant-registry';

const SLUG = 'harbourside-mazda';
const HOST = `${SLUG}.localhost`;
let stop: (() => void) | undefined;
afterEach(() => stop?.());

function setup() {
  const dir = tempTenantsDir({}, { withShippedTenants: true });
  const logs: string[] = [];
  const registry = new TenantRegistry(dir, join(dir, 'templates'), undefined, (m) => logs.push(m));
  registry.loadAll();
  stop = registry.watch({ debounceMs: 20 });
  const file = join(dir, `${SLUG}.json`);
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const edit = (change: (doc: any) => void) => {
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    change(doc);
    writeFileAtomic(file, JSON.stringify(doc, null, 2));
  };
  const heading = () => {
    const m = registry.match(HOST);
    return m.kind === 'tenant' ? (m.doc.pages['/']?.blocks[0]?.props as { heading?: string } | undefined)?.heading : m.kind;
  };
  return { registry, file, edit, heading, logs };
}

describe('tenant registry watching its folder', () => {
  it('serves a changed document without a restart', async () => {
    const { edit, heading } = setup();
    expect(heading()).not.toBe('Published elsewhere');
    edit((doc) => (doc.pages['/'].blocks[0].props.heading = 'Published elsewhere'));
    await expect.poll(heading, { timeout: 5000 }).toBe('Published elsewhere');
  });

  it('keeps serving the last valid document when the new one does not validate', async () => {
    const { edit, heading, logs } = setup();
    edit((doc) => (doc.pages['/'].blocks[0].props.heading = 'Good version'));
    await expect.poll(heading, { timeout: 5000 }).toBe('Good version');
    edit((doc) => (doc.pages['/'].blocks[0].type = 'no-such-block'));
    await expect.poll(() => logs.join('\n'), { timeout: 5000 }).toMatch(/does not validate, so the last valid document is still served/);
    expect(heading()).toBe('Good version');
  });

  it('stops serving a tenant whose file was removed', async () => {
    const { file, registry } = setup();
    rmSync(file);
    await expect.poll(() => registry.match(HOST).kind, { timeout: 5000 }).toBe('unknown');
  });
});
