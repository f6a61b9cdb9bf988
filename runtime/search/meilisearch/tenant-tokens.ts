// Browsers searching Meilisearch directly (docs/requirements/vehicle-browsing.md#calls: the hosted search is queried with a public key from
// configuration), so search traffic bypasses the app servers. The server signs a short-lived tenant token with the
// search key; its search rules are the site's scope (tenant-scope.ts, the same filter /api/search ANDs in), which
// Meilisearch ANDs with every query the browser sends. The search key itself never leaves the server.
import { generateTenantToken } from 'meilisearch/token';
import { tenantTokenSearchRules, type TenantScope } from '../tenant-scope.js';

export interface DirectSearchConfig {
  /** Meilisearch as browsers reach it (MEILISEARCH_PUBLIC_HOST), e.g. https://search.example.com. */
  publicHost: string;
  /** A key with the search action on the car index (MEILISEARCH_SEARCH_KEY), and its uid (MEILISEARCH_SEARCH_KEY_UID). */
  searchKey: string;
  searchKeyUid: string;
  /** How long a token lives: its filter fixes "now" for the sold-cars window, so keep it short. */
  ttlSeconds: number;
}

export interface TenantTokenAnswer {
  host: string;
  indexUid: string;
  token: string;
  /** Unix seconds. */
  expires_at: number;
}

const DEFAULT_TOKEN_TTL_SECONDS = 600;

/** Direct search is on only with Meilisearch as the engine and all three settings present. */
export function directSearchConfig(env: NodeJS.ProcessEnv = process.env): DirectSearchConfig | null {
  const publicHost = env.MEILISEARCH_PUBLIC_HOST?.trim().replace(/\/+$/, '');
  const searchKey = env.MEILISEARCH_SEARCH_KEY?.trim();
  const searchKeyUid = env.MEILISEARCH_SEARCH_KEY_UID?.trim();
  if (!env.MEILISEARCH_HOST?.trim() || !publicHost || !searchKey || !searchKeyUid) return null;
  return { publicHost, searchKey, searchKeyUid, ttlSeconds: Number(env.MEILISEARCH_TOKEN_TTL_SECONDS ?? DEFAULT_TOKEN_TTL_SECONDS) };
}

/** The site's own switch: its browsers search directly only where it turned hosted search on and the server has it. */
export function siteSearchesDirectly(
  settings: { search?: { directSearch?: boolean } } | undefined,
  config: DirectSearchConfig | null,
): config is DirectSearchConfig {
  return Boolean(config && settings?.search?.directSearch === true);
}

export async function issueTenantToken(config: DirectSearchConfig, indexUid: string, scope: TenantScope, nowMs = Date.now()): Promise<TenantTokenAnswer> {
  const nowSeconds = Math.floor(nowMs / 1000);
  const expiresAt = nowSeconds + config.ttlSeconds;
  const token = await generateTenantToken({
    apiKey: config.searchKey,
    apiKeyUid: config.searchKeyUid,
    searchRules: tenantTokenSearchRules(indexUid, scope, nowSeconds),
    expiresAt,
    // This runs on the server; the library's browser detection misfires under some test environments.
    force: true,
  });
  return { host: config.publicHost, indexUid, token, expires_at: expiresAt };
}
