// Where the browser sends its searches. With a public Meilisearch host configured, it searches Meilisearch directly
// with a short-lived tenant token from GET /api/search/token (whose search rules keep it to this site's stock), so
// search traffic bypasses the app servers; otherwise, or whenever the direct search fails, POST /api/search, which
// applies the same scope. Callers use `searchFetch` in place of fetch('/api/search', ...): the answer has one shape.
type DirectSearch = { host: string; indexUid: string; token: string; expires_at: number };
type FetchLike = (input: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export const SEARCH_ENDPOINT = '/api/search';
const TOKEN_ENDPOINT = '/api/search/token';
/** A token is renewed this long before it expires, so a search never starts with one about to lapse. */
const RENEW_BEFORE_SECONDS = 60;

let direct: Promise<DirectSearch | null> | undefined;
// Off until the page's boot data says the server offers direct search: no token request on other servers.
let directOff = true;

/** Called once by the browser entry with what the server said (BootData.directSearch). */
export function configureSearchTransport({ direct: on }: { direct: boolean }) {
  directOff = !on;
  direct = undefined;
}

function directSearch(nowSeconds: number): Promise<DirectSearch | null> {
  if (directOff) return Promise.resolve(null);
  if (direct) {
    const current = direct;
    direct = current.then((d) => (d && d.expires_at - RENEW_BEFORE_SECONDS > nowSeconds ? d : fetchToken()));
    return direct;
  }
  direct = fetchToken();
  return direct;
}

async function fetchToken(): Promise<DirectSearch | null> {
  try {
    const response = await fetch(TOKEN_ENDPOINT, { headers: { accept: 'application/json' } });
    // 404: this server has no public search host; never ask again on this page.
    if (response.status === 404) directOff = true;
    if (!response.ok) return null;
    return (await response.json()) as DirectSearch;
  } catch {
    return null;
  }
}

/** Forgets the token (refused or failed): the next search asks for a new one. */
function forgetToken() {
  direct = undefined;
}

export const searchFetch: FetchLike = async (input, init) => {
  if (input !== SEARCH_ENDPOINT) return fetch(input, init);
  const target = await directSearch(Math.floor(Date.now() / 1000));
  if (target) {
    try {
      const { queries } = JSON.parse(String(init.body)) as { queries: Record<string, unknown>[] };
      const response = await fetch(`${target.host}/multi-search`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${target.token}` },
        body: JSON.stringify({ queries: queries.map((q) => ({ ...q, indexUid: target.indexUid })) }),
      });
      if (response.ok) return response;
      if (response.status === 401 || response.status === 403) forgetToken();
      // Anything else (a bad query, Meilisearch down): the app server answers with the product's own messages.
    } catch (error) {
      if (init.signal?.aborted) throw error;
      forgetToken();
    }
  }
  return fetch(input, init);
};
