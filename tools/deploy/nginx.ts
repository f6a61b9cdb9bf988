// Debian's nginx, run by the tests with the recipe's files (deploy/nginx/): the cluster test puts its processes behind
// deploy/nginx/dealer-sites.conf (every proxy rule of production, without TLS and with its own upstream), and
// `npm run check:deploy` asks nginx -t about the whole production configuration. Loopback and temporary folders only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const recipeDir = resolve(import.meta.dirname, '../../deploy/nginx');

const mimeTypes = '/etc/nginx/mime.types';
// Where nginx keeps request bodies and proxied answers: a temporary folder, so no root-owned default is needed.
const tempPaths = (dir: string) => ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(dir, kind)};`).join('\n  ');

export interface RunningNginx {
  port: number;
  /** Requests answered by each backend (by index), read from nginx's access log. */
  served(): number[];
  /** nginx's error log so far (why a request was answered 502, for instance). */
  errors(): string;
  close(): Promise<void>;
}

/** nginx on 127.0.0.1:`port` in front of `backendPorts`, with the recipe's dealer-sites.conf. */
export async function startNginx(backendPorts: number[], port: number): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (apt-get install nginx-light)`);
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  // Started by root, nginx's workers run as nobody: they must reach the cache and the temporary folders.
  chmodSync(dir, 0o755);
  for (const sub of ['cache', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 2048; }
http {
  ${existsSync(mimeTypes) ? `include ${mimeTypes};` : ''}
  log_format upstream '$upstream_addr $status';
  access_log ${join(dir, 'access.log')} upstream;
  ${tempPaths(dir)}
  proxy_cache_path ${join(dir, 'cache')} levels=1:2 keys_zone=dealer_assets:10m max_size=100m inactive=30d use_temp_path=off;
  upstream dealer_sites {
    ${backendPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    server_name _;
    include ${join(recipeDir, 'dealer-sites.conf')};
  }
}
`,
  );
  const tested = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx refused the configuration:\n${tested.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 10_000;
  while (!existsSync(join(dir, 'nginx.pid'))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}${readLog(join(dir, 'error.log'))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    served() {
      const counts = backendPorts.map(() => 0);
      for (const line of readLog(join(dir, 'access.log')).split('\n')) {
        // A retried request lists every upstream it tried; the last one answered.
        const last = line.split(' ')[0]?.split(', ').at(-1);
        const index = backendPorts.findIndex((p) => last === `127.0.0.1:${p}`);
        if (index >= 0) counts[index] = (counts[index] ?? 0) + 1;
      }
      return counts;
    },
    errors: () => readLog(join(dir, 'error.log')),
    async close() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/**
 * nginx -t on the production configuration (deploy/nginx/nginx.conf with its includes), its absolute paths moved into
 * a temporary folder and a self-signed certificate made for it: the recipe's syntax and directives as nginx reads them.
 */
export function testProductionConfig(): { ok: boolean; output: string } {
  if (!existsSync(NGINX)) return { ok: false, output: `nginx is not installed at ${NGINX} (apt-get install nginx-light)` };
  const dir = mkdtempSync(join(tmpdir(), 'nginx-recipe-'));
  try {
    for (const sub of ['certs', 'log', 'cache', 'acme']) mkdirSync(join(dir, sub));
    const cert = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        join(dir, 'certs/dealer-sites.key'),
        '-out',
        join(dir, 'certs/dealer-sites.crt'),
      ],
      { encoding: 'utf8' },
    );
    if (cert.status !== 0) return { ok: false, output: `openssl could not make a test certificate: ${cert.stderr}` };
    const running = process.getuid?.() === 0;
    const conf = readFileSync(join(recipeDir, 'nginx.conf'), 'utf8')
      // Only root may switch user; nginx -t as another user would stop there.
      .replace(/^user .*$/m, running ? '$&' : '')
      .replaceAll('/etc/nginx/upstream.conf', join(recipeDir, 'upstream.conf'))
      .replaceAll('/etc/nginx/dealer-sites.conf', join(recipeDir, 'dealer-sites.conf'))
      .replaceAll('/etc/nginx/certs/', `${join(dir, 'certs')}/`)
      .replaceAll('/var/log/nginx/', `${join(dir, 'log')}/`)
      .replaceAll('/var/cache/nginx/', `${join(dir, 'cache')}/`)
      .replaceAll('/var/www/acme', join(dir, 'acme'))
      .replace('/run/nginx.pid', join(dir, 'nginx.pid'))
      .replace(/http \{/, `http {\n    ${tempPaths(dir)}`);
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const tested = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    return { ok: tested.status === 0, output: tested.stderr.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
