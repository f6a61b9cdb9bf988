// Prints the names of the failed tests from the reports of one test-all run, so the last lines of a CI log say what
// failed without scrolling back. Arguments: the reports folder. Reads what exists; a missing report prints nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const read = (name) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : undefined);
const failures = [];
// The first lines of a failure's message (colour codes removed), so a failure seen only in CI can be diagnosed.
const excerpt = (message, where) =>
  [
    ...(message ?? '')
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 3),
    ...(where ? [`at ${where}`] : []),
  ]
    .map((l) => `\n      ${l.slice(0, 240)}`)
    .join('');

const vitest = read('vitest.json');
if (vitest) {
  for (const file of JSON.parse(vitest).testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}${excerpt(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`vitest ${file.name} (the file failed: ${(file.message ?? '').split('\n')[0]})`);
  }
}

function playwright(name, label) {
  const text = read(name);
  if (!text) return;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error;
        const where = error?.location ? `${error.location.file.replace(`${process.cwd()}/`, '')}:${error.location.line}` : undefined;
        failures.push(`${label} ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}${excerpt(error?.message, where)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of JSON.parse(text).suites ?? []) walk(suite, []);
}
playwright('e2e.json', 'e2e');
playwright('a11y.json', 'a11y');

for (const [name, label] of [
  ['security.log', 'attack suite'],
  ['cluster.log', 'cluster'],
]) {
  // A failed check prints FAIL; a run that stopped on an exception prints its Error line.
  for (const line of (read(name) ?? '').split('\n')) if (/^(FAIL|Error:)/.test(line)) failures.push(`${label}: ${line.slice(0, 300)}`);
}
for (const line of (read('checks.txt') ?? '').split('\n')) if (line) failures.push(`check: ${line}`);

if (failures.length > 0) {
  console.log(`\nWhat failed (${failures.length}):`);
  for (const f of failures.slice(0, 40)) console.log(`  ${f}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
}
