// What main.ts and app.ts change under `npm run dev` (runtime/server/dev.ts): the client assets come from Vite instead
// of dist/client, pages render through vite.ssrLoadModule (so an edited block renders on the next request), and
// problems in tenant documents or block schemas go to the terminal and to Vite's error overlay.
import type { Server } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RequestHandler } from 'express';
import type { ViteDevServer } from 'vite';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { replaceTenantSchema } from '../tenants/tenant-schema-validator';
import type { TenantRegistry } from './tenant-registry';

export const DEV_SERVER_KEY = '__dealerSitesDevServer';

export interface DevServer {
  vite: ViteDevServer;
  /** The HTTP server Vite's hot-update websocket is attached to; main.ts serves the app on it. */
  httpServer: Server;
  startedAt: number;
}

/** The dev server when this process was started by `npm run dev`, else undefined (production, tests). */
export function devServer(): DevServer | undefined {
  return (globalThis as Record<string, unknown>)[DEV_SERVER_KEY] as DevServer | undefined;
}

/** The browser entries of vite.config.ts; in dev each is served as a module that installs React Refresh first. */
const BROWSER_ENTRIES = ['runtime/renderer/entry-client.tsx', 'editor/app/main.tsx', 'editor/preview/main.tsx'];
const DEV_ENTRY_PREFIX = '/@dev-entry/';

/**
 * A client folder for dev: a manifest naming the dev entries (read unchanged by assets.ts and the editor's assets.ts)
 * and links to public/ for tenant assets. Block CSS and chunks come from Vite as modules load, so none are listed.
 */
export function devClientDir(publicDir = resolve('public')): string {
  const dir = mkdtempSync(join(tmpdir(), 'dealer-sites-dev-client-'));
  mkdirSync(join(dir, '.vite'));
  const manifest = Object.fromEntries(BROWSER_ENTRIES.map((entry) => [entry, { file: DEV_ENTRY_PREFIX.slice(1) + entry, isEntry: true }]));
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest, null, 2));
  for (const name of readdirSync(publicDir)) symlinkSync(join(publicDir, name), join(dir, name));
  return dir;
}

/**
 * Vite's middlewares (modules, hot updates, public files) plus the dev entries: each is an external module (the CSP
 * allows scripts from this origin, not inline ones) that installs React Refresh before importing the real entry, as
 * @vitejs/plugin-react's inline preamble does.
 */
export function devMiddleware(vite: ViteDevServer): RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    if (path.startsWith(DEV_ENTRY_PREFIX)) {
      const entry = path.slice(DEV_ENTRY_PREFIX.length);
      if (!BROWSER_ENTRIES.includes(entry)) return res.status(404).type('text/plain').send('unknown dev entry');
      const code = [
        "import '/@vite/client';",
        "import RefreshRuntime from '/@react-refresh';",
        'RefreshRuntime.injectIntoGlobalHook(window);',
        'window.$RefreshReg$ = () => {};',
        'window.$RefreshSig$ = () => (type) => type;',
        'window.__vite_plugin_react_preamble_installed__ = true;',
        `await import(${JSON.stringify('/' + entry)});`,
      ].join('\n');
      return res.status(200).type('text/javascript').set('cache-control', 'no-store').send(code);
    }
    vite.middlewares(req, res, next);
  };
}

/** Shows a problem (an invalid tenant document or block schema) in the terminal and as Vite's overlay in every open page. */
export function reportDevProblem(vite: ViteDevServer, message: string): void {
  console.error(message);
  vite.ws.send({ type: 'error', err: { message, stack: '' } });
}

/** Sources of the tenant schema; the files `npm run schemas` writes are left out so its own output does not loop. */
const isSchemaSource = (file: string) =>
  /\/blocks\/[^/]+\/schema\.json$/.test(file) ||
  (/\/schemas\/.+\.json$/.test(file) && !/\/schemas\/(generated\/|tenant\.schema\.json$|tenant-file\.schema\.json$)/.test(file));

/**
 * A changed block schema (or schemas/*.json) regenerates the tenant schema and types (`npm run schemas`), then every
 * tenant document is validated again with it; what fails is printed and shown in Vite's overlay. Returns a stop function.
 */
export function watchBlockSchemas(vite: ViteDevServer, registry: TenantRegistry, root = process.cwd()): () => void {
  let running: Promise<void> | undefined;
  let again = false;
  const rebuild = async () => {
    const output = await new Promise<{ ok: boolean; text: string }>((done) =>
      execFile(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'tools/build-schema.ts'], { cwd: root }, (error, stdout, stderr) =>
        done({ ok: !error, text: `${stdout}${stderr}`.trim() }),
      ),
    );
    if (!output.ok) return reportDevProblem(vite, `npm run schemas failed, so the tenant schema was not reloaded:\n${output.text}`);
    replaceTenantSchema(JSON.parse(readFileSync(resolve(root, 'schemas/tenant.schema.json'), 'utf8')));
    const invalid = registry.loadAll().filter((t) => !t.ok);
    console.log(
      `Block schemas reloaded; ${invalid.length ? `${invalid.length} tenant document(s) do not validate (see above)` : 'every tenant document validates'}`,
    );
  };
  const onChange = (file: string) => {
    if (!isSchemaSource(file)) return;
    if (running) {
      again = true;
      return;
    }
    running = rebuild().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        onChange(file);
      }
    });
  };
  vite.watcher.on('change', onChange);
  vite.watcher.on('add', onChange);
  return () => {
    vite.watcher.off('change', onChange);
    vite.watcher.off('add', onChange);
  };
}
