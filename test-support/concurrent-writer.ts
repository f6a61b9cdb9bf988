// Test helper process (runtime/editor/concurrent-files.test.ts): publishes ROUNDS revisions of about 1 MB each into a
// revision folder and rewrites a tenant file each round, as a second server process would, while the test reads.
//   tsx test-support/concurrent-writer.ts <revisions dir> <tenant file> <rounds>
import { writeFileAtomic } from '../runtime/editor/atomic-write';
import { RevisionStore } from '../runtime/editor/revisions';

const [dir, tenantFile, rounds] = process.argv.slice(2);
if (!dir || !tenantFile || !rounds) throw new Error('usage: tsx test-support/concurrent-writer.ts <revisions dir> <tenant file> <rounds>');
const store = new RevisionStore(dir);
const filler = 'x'.repeat(1_000_000);
for (let round = 1; round <= Number(rounds); round++) {
  const doc = { round, filler, end: round };
  const result = store.append('site', { baseRev: store.head('site')?.rev, kind: 'published', author: 'writer@example.com', authorName: 'Writer', doc });
  if (!result.ok) throw new Error(`round ${round}: conflict with revision ${result.conflict.rev}`);
  writeFileAtomic(tenantFile, JSON.stringify(doc));
}
