// The layers of the code and the directions they may import in (docs/architecture.md#layers). `npm run check:layers`
// fails on any import against the direction and on any cycle. The direction rules apply to imports of values; a
// type-only import (`import type`) is exempt because the build erases it, so it cannot put a higher layer's code into a
// lower layer's bundle or start-up: shared contracts (a block's props, page data shapes, the services registry) are
// declared where they are filled in and read as types below. Likewise a cycle counts when its imports are values.
//
// Bottom to top; a layer may import its own folder and the layers below it, never one above:
//   base      runtime/domain, schemas (generated types, JSON schemas), route matching: pure rules, no I/O
//   infra     runtime/infra (database openers, rate limiter, polling worker, signing keys), runtime/net (outbound HTTP)
//   catalogue runtime/inventory, runtime/search, runtime/models: the stock, its search engine, the model catalogue
//   document  runtime/tenants, runtime/document, page-exists: loading, checking and reading a tenant document
//   services  server-side features (accounts, leads, reservations, trade-in, page data, ...) and their registry
//   ui        runtime/ui and the renderer's block kit (site context, links, hydration declarations and markers)
//   blocks    blocks/ (a block's loader.ts runs on the server and may also use catalogue and services)
//   renderer  runtime/renderer: routes, page assembly, the server and browser entries
//   server    runtime/server, runtime/editor (the editor's API), and editor/ (the editor's browser app, which may not
//             import server code)
// Tools, end-to-end specs, unit tests and test-support may import anything; production code never imports them.

// Page-exists, route patterns and the block kit live in runtime/renderer; they belong in runtime/document and
// runtime/ui. Listed by file so the rules place them where they belong (moving them is left to a later change).
const ROUTING = '^runtime/routing/';
const PAGE_EXISTS = 'runtime/renderer/(page-exists|route-pattern)[.]ts$';
const BLOCK_KIT = 'runtime/renderer/((site-context|Link|SiteLink|HydrateOnLoad|chrome-context)[.]tsx|block-hydration[.]ts)$';

const TESTS = '([.]test[.]tsx?$|^test-support/|^e2e/|^tools/|^a11y/)';

const BASE = ['^runtime/domain/', '^schemas/', '^runtime/routing/', ROUTING];
// The database openers live in runtime/infra/db; until then they are in runtime/server (moved by the store rewrite).
const INFRA = ['^runtime/infra/', '^runtime/net/', '^runtime/server/durable-(sqlite|pg)[.]ts$'];
const CATALOGUE = ['^runtime/(inventory|search|models)/'];
const DOCUMENT = ['^runtime/(tenants|document)/', PAGE_EXISTS];
const SERVICES = ['^runtime/(accounts|leads|reservations|trade-in|unsubscribe|views|images|pdf|market|geocoding|passwords|page-data)/', '^runtime/services[.]ts$'];
const UI = ['^runtime/ui/', BLOCK_KIT];
const BLOCKS = ['^blocks/'];
const RENDERER = ['^runtime/renderer/'];

/** A rule: code in `from` (tests excluded) imports only from `allowed` (and packages). */
function layer(name, comment, from, allowed, fromNot = []) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from, pathNot: [TESTS, ...fromNot] },
    to: { dependencyTypesNot: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core', 'type-only'], pathNot: allowed },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules import each other in a cycle: split out what both need.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-tests-in-production',
      comment: 'Production code imports a test, a test helper, a tool or an end-to-end spec.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
    layer('base', 'The domain (and schemas, route matching) imports nothing but itself: pure rules, no I/O.', BASE, BASE),
    layer('infra', 'Infrastructure imports only the domain and itself.', INFRA, [...BASE, ...INFRA]),
    layer('catalogue', 'Stock, search and the model catalogue import only the domain, infrastructure and each other.', CATALOGUE, [
      ...BASE,
      ...INFRA,
      ...CATALOGUE,
    ]),
    layer('document', 'Tenant documents import only the layers below (domain, infra, catalogue).', DOCUMENT, [...BASE, ...INFRA, ...CATALOGUE, ...DOCUMENT]),
    layer('services', 'Server-side features import only the layers below them (no ui, blocks, renderer or server).', SERVICES, [
      ...BASE,
      ...INFRA,
      ...CATALOGUE,
      ...DOCUMENT,
      ...SERVICES,
    ]),
    layer('ui', 'Browser ui imports only the domain and the tenant document (no server code).', UI, [...BASE, ...DOCUMENT, ...UI]),
    layer('blocks', 'A block imports the domain, the tenant document, the ui kit and blocks.', BLOCKS, [...BASE, ...DOCUMENT, ...UI, ...BLOCKS], [
      '^blocks/[^/]+/loader[.]ts$',
    ]),
    layer('block-loaders', 'A block loader runs on the server: it may also use the catalogue and the services.', ['^blocks/[^/]+/loader[.]ts$'], [
      ...BASE,
      ...INFRA,
      ...CATALOGUE,
      ...DOCUMENT,
      ...SERVICES,
      ...UI,
      ...BLOCKS,
    ]),
    layer(
      'renderer',
      'The renderer imports everything below it, never the server or the editor.',
      RENDERER,
      [...BASE, ...INFRA, ...CATALOGUE, ...DOCUMENT, ...SERVICES, ...UI, ...BLOCKS, ...RENDERER],
      [ROUTING, PAGE_EXISTS, BLOCK_KIT],
    ),
    layer('editor-app', "The editor's browser app never imports server code.", ['^editor/'], [...BASE, ...DOCUMENT, ...UI, ...BLOCKS, ...RENDERER, '^editor/']),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
