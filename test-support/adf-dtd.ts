// Checks ADF XML against the ADF 1.0 DTD (runtime/leads/adf-1.0.dtd) with xmllint, the reference validator
// (Debian's libxml2-utils). Used by the tests; '' means valid.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ADF_DTD = join(import.meta.dirname, '../runtime/leads/adf-1.0.dtd');

export function adfDtdErrors(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'adf-'));
  const file = join(dir, 'lead.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--dtdvalid', ADF_DTD, file], { stdio: 'pipe' });
    return '';
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
