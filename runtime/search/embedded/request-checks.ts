// Checks of a search request against the index settings, with Meilisearch's error messages.
import { SearchError, listAttributes } from '../search-error.js';
import { attributesOf, type FilterNode } from './filter-ast.js';
import { positionNote } from './filter-parser.js';

export function checkFilterAttributes(node: FilterNode, filterable: readonly string[]): void {
  const allowed = new Set(filterable);
  for (const ref of attributesOf(node)) {
    if (allowed.has(ref.name)) continue;
    const available =
      filterable.length === 0
        ? 'This index does not have configured filterable attributes.'
        : `Available filterable attributes are: ${listAttributes(filterable)}.`;
    throw new SearchError(
      'invalid_search_filter',
      `Attribute \`${ref.name}\` is not filterable. ${available}\n${positionNote(ref.source, ref.start, ref.end)}`,
    );
  }
}

/** Expands ["*"] and checks every facet is filterable. */
export function resolveFacets(facets: readonly string[] | undefined, filterable: readonly string[]): string[] {
  if (!facets || facets.length === 0) return [];
  if (facets.includes('*')) return [...filterable];
  const allowed = new Set(filterable);
  for (const facet of facets) {
    if (allowed.has(facet)) continue;
    let available: string;
    if (filterable.length === 0) available = 'This index does not have configured filterable attributes.';
    else if (filterable.length === 1) available = `The available filterable attribute is \`${filterable[0]}\`.`;
    else available = `The available filterable attributes are \`${filterable.join(', ')}\`.`;
    throw new SearchError('invalid_search_facets', `Invalid facet distribution, attribute \`${facet}\` is not filterable. ${available}`);
  }
  return [...new Set(facets)];
}

export interface SortRequest {
  attribute: string;
  descending: boolean;
}

export function parseSort(sort: readonly string[] | undefined, sortable: readonly string[], rankingRules: readonly string[]): SortRequest[] {
  if (!sort || sort.length === 0) return [];
  if (!rankingRules.includes('sort')) {
    throw new SearchError(
      'invalid_search_sort',
      'The sort ranking rule must be specified in the ranking rules settings to use the sort parameter at search time.',
    );
  }
  const allowed = new Set(sortable);
  return sort.map((expression) => {
    const match = /^(.+):(asc|desc)$/.exec(expression.trim());
    if (!match) {
      throw new SearchError(
        'invalid_search_sort',
        `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${expression}\`.`,
      );
    }
    const attribute = match[1] ?? '';
    if (!allowed.has(attribute)) {
      throw new SearchError(
        'invalid_search_sort',
        `Attribute \`${attribute}\` is not sortable. Available sortable attributes are: \`${sortable.join(', ')}\`.`,
      );
    }
    return { attribute, descending: match[2] === 'desc' };
  });
}
