// npm run check:deploy: the deployment recipe as far as this machine can check it without Docker or the internet.
//   1. the Dockerfile keeps its rules (tools/deploy/dockerfile-rules.ts: hadolint's that matter, non-root, health check),
//   2. docker-compose (Debian's) accepts deploy/compose.yaml with deploy/example.env, and every application service
//      sets the variables production requires,
//   3. nginx -t accepts the production nginx configuration (deploy/nginx/),
//   4. the built server bundle imports only production dependencies (the image prunes the others).
// Prints one line per check and exits 1 when one fails. Needs nginx-light and docker-compose (apt) and npm run build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { dockerfileProblems } from './dockerfile-rules';
import { testProductionConfig } from './nginx';

const root = resolve(import.meta.dirname, '../..');
const results: { name: string; problems: string[] }[] = [];
const check = (name: string, problems: string[]) => results.push({ name, problems });

check('Dockerfile rules', dockerfileProblems(readFileSync(join(root, 'Dockerfile'), 'utf8')));

const compose = join(root, 'deploy/compose.yaml');
const env = join(root, 'deploy/example.env');
const config = spawnSync('docker-compose', ['-f', compose, '--env-file', env, 'config'], { encoding: 'utf8' });
if (config.error) check('compose file', ['docker-compose is not installed (apt-get install docker-compose)']);
else if (config.status !== 0) check('compose file', [config.stderr.trim()]);
else {
  // Production refuses to start without these (docs/configuration.md, "Required in production").
  const required = ['EDITOR_PUBLIC_URL', 'DATABASE_URL', 'TRUST_PROXY', 'SIGN_IN_DEVICE_SECRET', 'UNSUBSCRIBE_LINK_SECRET', 'NODE_ENV'];
  const services = config.stdout.split(/\n {2}(?=\S)/).filter((s) => /^app\d+:/.test(s));
  const missing = services.flatMap((s) => required.filter((v) => !new RegExp(`\\n\\s+${v}:`).test(s)).map((v) => `${s.split(':')[0]} does not set ${v}`));
  check('compose file', services.length ? missing : ['no application service (app1, app2, …) in the resolved compose file']);
}

const nginx = testProductionConfig();
check('nginx -t on deploy/nginx/nginx.conf', nginx.ok ? [] : [nginx.output]);

const serverDir = join(root, 'dist/server');
if (!existsSync(serverDir)) check('server bundle dependencies', ['dist/server is missing: run npm run build first']);
else {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const allowed = new Set([...Object.keys(pkg.dependencies ?? {}), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const imported = new Set<string>();
  for (const file of readdirSync(serverDir, { recursive: true }) as string[]) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(join(serverDir, file), 'utf8');
    // Static imports start a line in the bundle; dynamic ones and require() name a package without spaces.
    const specifiers =
      /^\s*import\s[^;]*?from\s*["']([^"'\s]+)["']|^\s*import\s*["']([^"'\s]+)["']|\bimport\(\s*["']([^"'\s]+)["']\s*\)|\brequire\(\s*["']([^"'\s]+)["']\s*\)/gm;
    for (const m of text.matchAll(specifiers)) {
      const specifier = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (!specifier || specifier.startsWith('.') || specifier.startsWith('/')) continue;
      imported.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.replace(/\/.*$/s, ''));
    }
  }
  check(
    'server bundle dependencies',
    [...imported].filter((name) => !allowed.has(name)).map((name) => `dist/server imports "${name}", which is not in package.json's dependencies`),
  );
}

for (const r of results) console.log(`${r.problems.length ? 'FAIL' : 'PASS'}  ${r.name}${r.problems.map((p) => `\n      ${p}`).join('')}`);
const failed = results.filter((r) => r.problems.length).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
