// Writing filter expressions safely: every value quoted and escaped, so data can never be read as syntax.
import type { Filter } from '../../search/types.js';

/** A value as a double-quoted filter literal ("Land Rover", "AND", "O\"Brien"). Numbers stay bare. */
function filterLiteral(value: string | number | boolean): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function equalsFilter(attribute: string, value: string | number | boolean): string {
  return `${attribute} = ${filterLiteral(value)}`;
}

export function inFilter(attribute: string, values: readonly (string | number)[], negate = false): string {
  return `${attribute} ${negate ? 'NOT IN' : 'IN'} [${values.map(filterLiteral).join(', ')}]`;
}

/** Any Meilisearch filter as an array of AND-ed parts (a string becomes one part). */
export function filterParts(filter: Filter | null | undefined): (string | string[])[] {
  if (filter == null) return [];
  if (typeof filter === 'string') return filter.trim() === '' ? [] : [filter];
  return [...filter];
}
