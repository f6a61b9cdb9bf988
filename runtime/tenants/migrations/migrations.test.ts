import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, migrateDocument, MigrationError, type Migration } from './index';

// A made-up history (v1 had theme.color, v2 renamed it to theme.primary, v3 moved flags into settings) proves the
// runner applies steps in order, on a copy, and refuses gaps and documents from the future.
const steps: Migration[] = [
  { from: 2, to: 3, description: 'flags move under settings', migrate: ({ flags, ...doc }) => ({ ...doc, settings: { ...doc.settings, ...flags } }) },
  { from: 1, to: 2, description: 'theme.color becomes theme.primary', migrate: (doc) => ({ ...doc, theme: { primary: doc.theme.color } }) },
];

describe('migrateDocument', () => {
  it('runs every step from the document version, in order', () => {
    const old = { schemaVersion: 1, theme: { color: '#123456' }, flags: { garage: true }, settings: {} };
    expect(migrateDocument(old, steps, 3)).toEqual({ schemaVersion: 3, theme: { primary: '#123456' }, settings: { garage: true } });
    expect(old.theme).toEqual({ color: '#123456' });
  });

  it('leaves a current document alone', () => {
    const doc = { schemaVersion: CURRENT_SCHEMA_VERSION, slug: 'x' };
    expect(migrateDocument(doc)).toBe(doc);
  });

  it('refuses a document newer than the runtime and a missing step', () => {
    expect(() => migrateDocument({ schemaVersion: 9 }, steps, 3)).toThrow(MigrationError);
    expect(() => migrateDocument({ schemaVersion: 1 }, [], 2)).toThrow('no migration from schemaVersion 1 to 2');
  });
});
