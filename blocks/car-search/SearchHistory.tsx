// docs/requirements/dealer-services.md#data, #constants: the shopper's last 5 searches on this site, kept in localStorage (read after mount only).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { addToSearchHistory, type SearchHistoryEntry } from '../../runtime/domain/search';

const historyKey = (site: string) => `search-history:${site}`;

function read(site: string): SearchHistoryEntry[] {
  try {
    const value = JSON.parse(localStorage.getItem(historyKey(site)) ?? '[]');
    return Array.isArray(value) ? value.filter((e) => e && typeof e.path === 'string') : [];
  } catch {
    return [];
  }
}

/** 'Toyota, Used, $10,000 - $20,000' style label from a search path; `routeName` names its make and model ('Mazda BT-50'). */
export function historyLabel(path: string, routeName?: string): string {
  const [pathname = '', query = ''] = path.split('?');
  const parts: string[] = [];
  const segments = routeName ? [] : pathname.split('/').filter(Boolean).slice(1);
  if (routeName) parts.push(routeName);
  for (const s of segments)
    parts.push(
      s
        .split('-')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' '),
    );
  const params = new URLSearchParams(query);
  for (const [key, value] of params) {
    if (key === 'page' || key === 'sortBy') continue;
    parts.push(key === 'q' ? `“${value}”` : value.includes(':') && !/^\d*:\d*$/.test(value) ? value.split(':').pop()! : value);
  }
  return parts.join(', ') || 'All cars';
}

export function SearchHistory({ site, current, hasResults, routeName }: { site: string; current: string; hasResults: boolean; routeName?: string }) {
  const [entries, setEntries] = useState<SearchHistoryEntry[]>([]);
  useEffect(() => {
    if (!hasResults) return;
    const next = addToSearchHistory(read(site), { path: current, label: historyLabel(current, routeName) });
    localStorage.setItem(historyKey(site), JSON.stringify(next));
    setEntries(next);
  }, [site, current, hasResults, routeName]);
  const others = entries.filter((e) => e.path !== current);
  if (!others.length) return null;
  return (
    <div className="search-history">
      <h3>Recent Searches</h3>
      <ul>
        {others.map((e) => (
          <li key={e.path}>
            <Link to={e.path}>{e.label ?? historyLabel(e.path)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
