// Browser side of the directory: POST /api/models with the state, answers kept in a small memory cache
// (docs/requirements/vehicle-browsing.md#constants: directory search cache of 10; the oldest answer is dropped first).
import { DIRECTORY_CACHE_SIZE, type DirectoryResults, type DirectoryState } from '../../runtime/domain/models';
import { AnswerCache } from '../../runtime/ui/answer-cache';

export { AnswerCache };

export const directoryCache = new AnswerCache<DirectoryResults>(DIRECTORY_CACHE_SIZE);

export const DIRECTORY_ERROR_MESSAGE = 'Sorry, we could not update the models. Please try again.';

type FetchLike = (input: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export async function fetchDirectory(
  state: DirectoryState,
  { signal, fetchImpl = fetch }: { signal?: AbortSignal; fetchImpl?: FetchLike } = {},
): Promise<DirectoryResults> {
  const body: Record<string, unknown> = { page: state.page };
  if (state.make) body.make = state.make;
  if (state.model) body.model = state.model;
  if (state.body) body.body = state.body;
  const response = await fetchImpl('/api/models', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(answer.message ?? `models request failed with status ${response.status}`);
  }
  return (await response.json()) as DirectoryResults;
}
