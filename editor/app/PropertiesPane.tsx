// The right column: tabs for the selected block, the page, the site's settings, menus, locations and the history,
// then the problems that block publishing and the warnings that do not.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Advanced, splitTechnical } from './advanced-fields';
import { BLOCK_GUIDE } from './block-guide';
import { blockType, rootSchema } from './doc-model';
import { FieldView } from './Fields';
import { HistoryPanel } from './HistoryPanel';
import { AuditLogPanel } from './AuditLogPanel';
import { PublishingPanel, publishingChangesAtom } from './PublishingPanel';
import { blockLock, locksAtom, propLocks } from './site-locks';
import { LocationsPanel } from './LocationsPanel';
import { NavigationPanel } from './NavigationPanel';
import { PagesPanel } from './PagesPanel';
import { RestorePanel } from './RestorePanel';
import { ThemePanel } from './ThemePanel';
import { fieldFor, objectFields } from './schema-form';
import {
  applyAtom,
  baseRevAtom,
  currentRouteAtom,
  docAtom,
  goToRouteAtom,
  locationAtAtom,
  pagesAtom,
  problemsAtom,
  selectedAtom,
  slugAtom,
  tabAtom,
  viewRevisionAtom,
  viewingAtom,
  warningsAtom,
  type Tab,
} from './store';
import { useFormContext } from './use-editor';
import './widgets/hours';
import './widgets/image';
import './widgets/alt-text';
import './widgets/colour';
import './widgets/date-time';
import './widgets/time-zone';

const SITE_FIELDS = ['name', 'url', 'domains', 'timeZone', 'announcement', 'navigation', 'settings', 'redirects'];
const siteFields = SITE_FIELDS.filter((k) => rootSchema.properties[k]).map((k) =>
  fieldFor(k, rootSchema.properties[k], rootSchema, (rootSchema.required ?? []).includes(k)),
);
// The page's data binding (which record a page like /cars/:slug shows) is for developers.
const pageFields = splitTechnical(objectFields(rootSchema.definitions.page, rootSchema, ['blocks']), ['data']);
const TABS: [Tab, string][] = [
  ['block', 'Block'],
  ['page', 'Page'],
  ['site', 'Site settings'],
  ['theme', 'Theme'],
  ['menus', 'Menus'],
  ['locations', 'Locations'],
  ['history', 'History'],
];

function BlockTab() {
  const selected = useAtomValue(selectedAtom);
  const route = useAtomValue(currentRouteAtom);
  const ctx = useFormContext();
  const locks = useAtomValue(locksAtom);
  const info = selected ? blockType(selected.block.type) : undefined;
  if (!selected || !info) return <p className="empty">Select a block in the outline or the preview to edit it.</p>;
  const locked = blockLock(locks, selected.block.id);
  const lockedProps = propLocks(locks, selected.block.id);
  const [plain, technical] = splitTechnical(objectFields(info.propsSchema, rootSchema));
  // One field of the block's props, in the plain list or under Advanced.
  const fieldOf = (f: (typeof plain)[number]) => (
    <FieldView
      key={`${selected.block.id}.${f.key}`}
      spec={f}
      value={selected.block.props?.[f.key]}
      path={['pages', route, ...selected.path, 'props', f.key]}
      ctx={ctx}
      siblings={selected.block.props}
    />
  );
  return (
    <form
      className="props-form"
      onSubmit={(e) => e.preventDefault()}
      aria-label={`Properties of ${selected.block.id}`}
      onKeyDown={(e) => {
        // Escape goes back to the block in the outline (the keyboard walk's way out of a form).
        if (e.key !== 'Escape') return;
        e.preventDefault();
        document.querySelector<HTMLElement>(`[data-outline-id="${CSS.escape(selected.block.id)}"] .outline-select`)?.focus();
      }}
    >
      <h2>{info.title}</h2>
      <p className="help">{BLOCK_GUIDE[info.type]?.description ?? info.description}</p>
      {(locked || lockedProps.length > 0) && (
        <div className="lock-notice" role="note">
          {locked ? (
            <p>
              <strong>Locked:</strong> {locked.reason}. Changes to this block are refused when you save.
            </p>
          ) : (
            lockedProps.map((l) => (
              <p key={l.prop}>
                <strong>{l.prop} is locked:</strong> {l.reason}.
              </p>
            ))
          )}
        </div>
      )}
      {/* A locked block's fields are shown but cannot be changed (the server refuses it anyway). */}
      <fieldset className="lock-fieldset" disabled={!!locked}>
        {plain.map(fieldOf)}
        <Advanced show>
          <p className="muted">Block id: {selected.block.id}</p>
          {technical.map(fieldOf)}
        </Advanced>
      </fieldset>
    </form>
  );
}

function PageTab() {
  const doc = useAtomValue(docAtom);
  const route = useAtomValue(currentRouteAtom);
  const page = useAtomValue(pagesAtom)[route];
  const apply = useSetAtom(applyAtom);
  const goTo = useSetAtom(goToRouteAtom);
  const ctx = useFormContext();
  return (
    <>
      <PagesPanel doc={doc} route={route} replace={(label, next) => apply(label, () => next)} onRoute={goTo} />
      {page && (
        <form className="props-form" onSubmit={(e) => e.preventDefault()}>
          <h2>Page {route}</h2>
          {pageFields[0].map((f) => (
            <FieldView key={`${route}.${f.key}`} spec={f} value={(page as Record<string, unknown>)[f.key]} path={['pages', route, f.key]} ctx={ctx} />
          ))}
          <Advanced show={pageFields[1].length > 0}>
            {pageFields[1].map((f) => (
              <FieldView key={`${route}.${f.key}`} spec={f} value={(page as Record<string, unknown>)[f.key]} path={['pages', route, f.key]} ctx={ctx} />
            ))}
          </Advanced>
        </form>
      )}
    </>
  );
}

function SiteTab() {
  const doc = useAtomValue(docAtom);
  const ctx = useFormContext();
  return (
    <form className="props-form" onSubmit={(e) => e.preventDefault()}>
      <h2>Site settings</h2>
      {siteFields.map((f) => (
        <FieldView key={f.key} spec={f} value={doc[f.key]} path={[f.key]} ctx={ctx} depth={1} />
      ))}
    </form>
  );
}

function ThemeTab() {
  const theme = (useAtomValue(docAtom).theme ?? {}) as Record<string, unknown>;
  const ctx = useFormContext();
  return <ThemePanel theme={theme} ctx={ctx} />;
}

function MenusTab() {
  const doc = useAtomValue(docAtom);
  const apply = useSetAtom(applyAtom);
  const ctx = useFormContext();
  return (
    <NavigationPanel
      doc={doc}
      ctx={ctx}
      replace={(label, header) =>
        apply(label, (d) => {
          d.navigation ??= { header: [], footer: [] };
          d.navigation.header = header;
        })
      }
      replaceFooter={(label, footer) =>
        apply(label, (d) => {
          d.navigation ??= { header: [], footer: [] };
          d.navigation.footer = footer;
        })
      }
    />
  );
}

function LocationsTab() {
  const doc = useAtomValue(docAtom);
  const apply = useSetAtom(applyAtom);
  const [at, setAt] = useAtom(locationAtAtom);
  const ctx = useFormContext();
  return <LocationsPanel doc={doc} ctx={ctx} at={at} onSelect={setAt} apply={apply} />;
}

function HistoryTab() {
  const slug = useAtomValue(slugAtom);
  const baseRev = useAtomValue(baseRevAtom);
  const view = useSetAtom(viewRevisionAtom);
  const viewing = useAtomValue(viewingAtom);
  const publishingChanges = useAtomValue(publishingChangesAtom);
  return (
    <>
      {viewing && <RestorePanel key={viewing.rev.rev} />}
      <PublishingPanel />
      <HistoryPanel slug={slug} current={baseRev} onView={view} />
      <AuditLogPanel slug={slug} refresh={`${baseRev}:${publishingChanges}`} />
    </>
  );
}

function ProblemLists() {
  const problems = useAtomValue(problemsAtom);
  const warnings = useAtomValue(warningsAtom);
  return (
    <>
      {problems.length > 0 && (
        <details className="problems" open>
          <summary>
            {problems.length} problem{problems.length === 1 ? '' : 's'}: publishing is blocked until they are fixed
          </summary>
          <ul>
            {problems.slice(0, 50).map((p) => (
              <li key={`${p.path}|${p.message}`}>
                <code>{p.path}</code> {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {warnings.length > 0 && (
        <details className="problems warnings" open data-testid="validation-warnings">
          <summary>
            {warnings.length} warning{warnings.length === 1 ? '' : 's'}: the site can publish, but shoppers may not be able to read it
          </summary>
          <ul>
            {warnings.map((p) => (
              <li key={`${p.path}|${p.message}`}>
                <code>{p.path}</code> {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

export function PropertiesPane() {
  const [tab, setTab] = useAtom(tabAtom);
  return (
    <aside className="right" aria-label="Properties">
      <div className="tabs" role="tablist">
        {TABS.map(([t, label]) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
            {label}
          </button>
        ))}
      </div>
      <div className="tab-body" role="tabpanel">
        {tab === 'block' && <BlockTab />}
        {tab === 'page' && <PageTab />}
        {tab === 'site' && <SiteTab />}
        {tab === 'theme' && <ThemeTab />}
        {tab === 'menus' && <MenusTab />}
        {tab === 'locations' && <LocationsTab />}
        {tab === 'history' && <HistoryTab />}
      </div>
      <ProblemLists />
    </aside>
  );
}
