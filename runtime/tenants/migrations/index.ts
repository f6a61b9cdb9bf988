// Ordered migrations of tenant documents. Documents carry schemaVersion; on load, every step from the document's
// version up to CURRENT_SCHEMA_VERSION runs in order. Add a step (with a test on a fixture of the old shape) and bump
// CURRENT_SCHEMA_VERSION whenever the document shape changes incompatibly.
export interface Migration {
  from: number;
  to: number;
  description: string;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  migrate(doc: Record<string, any>): Record<string, any>;
}

export const CURRENT_SCHEMA_VERSION = 1;

const migrations: Migration[] = [];

export class MigrationError extends Error {}

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
export function migrateDocument(doc: Record<string, any>, steps: Migration[] = migrations, current = CURRENT_SCHEMA_VERSION): Record<string, any> {
  let version = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 1;
  if (version > current) throw new MigrationError(`schemaVersion ${version} is newer than this runtime understands (${current}); update the runtime first`);
  let out = doc;
  while (version < current) {
    const step = steps.find((m) => m.from === version);
    if (!step) throw new MigrationError(`no migration from schemaVersion ${version} to ${version + 1}`);
    out = { ...step.migrate(structuredClone(out)), schemaVersion: step.to };
    version = step.to;
  }
  return out;
}
