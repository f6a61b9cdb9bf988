// The trade-in (instant offer) server side: valuation providers, evaluation storage, photo storage and the
// eval-expert routes (runtime/server/routes/eval-expert-api.ts).
import { httpValuationProvider } from './http-provider';
import { localValuationProvider, type StockSearch } from './local-provider';
import type { ValuationProvider } from './provider';

export * from './provider';
export { httpValuationProvider } from './http-provider';
export { localValuationProvider } from './local-provider';

/** VALUATION_API_URL (+ VALUATION_API_KEY, VALUATION_TIMEOUT_MS) selects the real service; otherwise the local one. */
export function createValuationProvider(stock: () => StockSearch | undefined, env: Record<string, string | undefined> = process.env): ValuationProvider {
  const baseUrl = env.VALUATION_API_URL;
  if (!baseUrl) return localValuationProvider(stock);
  return httpValuationProvider({ baseUrl, apiKey: env.VALUATION_API_KEY, timeoutMs: env.VALUATION_TIMEOUT_MS ? Number(env.VALUATION_TIMEOUT_MS) : undefined });
}
export * from './store';
export * from './image-storage';
export { SqlEvaluationStore } from './sql-store';
export { evaluationMigrations } from './migrations';
import { join } from 'node:path';
import { SqlEvaluationStore } from './sql-store';
import type { EvaluationStore } from './store';

/** The SQLite file when neither DATABASE_URL nor TRADE_IN_DB is set. */
export const TRADE_IN_DEFAULT_FILE = join('data', 'trade-in.sqlite');

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/trade-in.sqlite). */
export async function openEvaluationStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<EvaluationStore> {
  if (env.databaseUrl) return SqlEvaluationStore.openPostgres(env.databaseUrl);
  return SqlEvaluationStore.openSqlite(env.sqliteFile ?? TRADE_IN_DEFAULT_FILE);
}
export * from './rate-limit';
export * from './image-links';
export { tradeInLeadEnricher } from './lead-enricher';
export * from './upload-quota';
export { PhotoRetentionWorker, removeExpiredPhotos } from './photo-retention';
