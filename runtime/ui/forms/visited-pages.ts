// What a lead says about the visit (lead_attributes.visited_pages and linked_query_params, docs/requirements/dealer-services.md#data). Pages are
// mostly reached by in-site (client-side) navigation, where document.referrer keeps naming the page the visit came
// from, so the tab's same-site history (the Navigation API's entries, where the browser has it) is the path, after the
// same-site page that opened this document (the referrer). Pure: the browser's values are passed in.
import { MAX_VISITED_PAGES } from '../../domain/leads/payload';

export interface VisitSources {
  /** This page's address (window.location.href). */
  current: string;
  /** document.referrer. */
  referrer?: string;
  /** Addresses of the tab's history entries up to and including this one (navigation.entries()), if known. */
  history?: string[];
}

function sameSite(url: string, origin: string): URL | null {
  try {
    const u = new URL(url);
    return u.origin === origin ? u : null;
  } catch {
    return null;
  }
}

const pathOf = (u: URL) => u.pathname + u.search;

/** The site's pages of this visit, oldest first, ending with this page (no page twice in a row; at most 20). */
export function visitedPagesOf({ current, referrer, history }: VisitSources): string[] {
  const here = new URL(current);
  const paths = (urls: string[]) =>
    urls.flatMap((url) => {
      const u = sameSite(url, here.origin);
      return u ? [pathOf(u)] : [];
    });
  const fromHistory = paths(history ?? []);
  // The page that opened this one (a new tab, a full page load) comes first unless the history already holds it.
  const fromReferrer = paths(referrer ? [referrer] : []).filter((p) => !fromHistory.includes(p));
  const pages: string[] = [];
  for (const path of [...fromReferrer, ...fromHistory]) {
    if (pages[pages.length - 1] !== path) pages.push(path);
  }
  if (pages[pages.length - 1] !== pathOf(here)) pages.push(pathOf(here));
  return pages.slice(-MAX_VISITED_PAGES);
}

/** Query parameters of the link the shopper arrived by (the first page of the visit) and of this page (which wins). */
export function linkedQueryParamsOf({ current, history }: VisitSources): Record<string, string> {
  const here = new URL(current);
  const landing = history?.map((url) => sameSite(url, here.origin)).find((u): u is URL => u !== null);
  return { ...(landing ? Object.fromEntries(landing.searchParams) : {}), ...Object.fromEntries(here.searchParams) };
}

/** The sources as this browser knows them (call in an event handler, never during render). */
export function currentVisit(): VisitSources {
  const navigation = (window as unknown as { navigation?: { entries?: () => { url: string | null }[]; currentEntry?: { index: number } | null } }).navigation;
  let history: string[] | undefined;
  try {
    const entries = navigation?.entries?.();
    const index = navigation?.currentEntry?.index ?? -1;
    if (entries && index >= 0) history = entries.slice(0, index + 1).flatMap((e) => (e.url ? [e.url] : []));
  } catch {
    history = undefined; // no Navigation API: the referrer is the best there is
  }
  return { current: window.location.href, referrer: document.referrer, history };
}
