// Staff forms show what staff change; the technical fields (ids, slugs, coordinates, map place ids and keys, a page's
// data binding) still exist but sit folded under "Advanced", so they are not changed by accident.
import type { ReactNode } from 'react';

const TECHNICAL = /^(id|slug|lat|lng|long|latitude|longitude|place_id|placeId|map_key|mapKey|googleMapsKey|gtmContainerId)$|(Key|_key)$/;

/** Is this field technical? `also` names keys technical only in one form (the page's `data`). */
export const isTechnicalField = (key: string, also: string[] = []) => TECHNICAL.test(key) || also.includes(key);

/** The fields in two lists: those staff edit, then the technical ones. */
export function splitTechnical<T extends { key: string }>(fields: T[], also: string[] = []): [T[], T[]] {
  return [fields.filter((f) => !isTechnicalField(f.key, also)), fields.filter((f) => isTechnicalField(f.key, also))];
}

export function Advanced({ children, show }: { children: ReactNode; show: boolean }) {
  if (!show) return null;
  return (
    <details className="advanced-fields">
      <summary>Advanced</summary>
      {children}
    </details>
  );
}
