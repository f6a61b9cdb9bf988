// The trade-in (instant offer) server side: valuation providers, evaluation storage, photo storage and the
// eval-expert routes (runtime/server/routes/eval-expert-api.ts).
import { httpValuationProvider } from './http-provider';
import { localValuationProvider, type StockSearch } from './local-provider';
import type { ValuationProvider } from './provider';

export * from './provider';
export { httpValuationProvider, sanitiseVehicleResult } from './http-provider';
export { localValuationProvider } from './local-provider';

/** VALUATION_API_URL (+ VALUATION_API_KEY, VALUATION_TIMEOUT_MS) selects the real service; otherwise the local one. */
export function createValuationProvider(stock: () => StockSearch | undefined, env: Record<string, string | undefined> = process.env): ValuationProvider {
  const baseUrl = env.VALUATION_API_URL;
  if (!baseUrl) return localValuationProvider(stock);
  return httpValuationProvider({ baseUrl, apiKey: env.VALUATION_API_KEY, timeoutMs: env.VALUATION_TIMEOUT_MS ? Number(env.VALUATION_TIMEOUT_MS) : undefined });
}
export * from './store';
export * from './image-storage';
export { SqliteEvaluationStore } from './sqlite-store';
export { PgEvaluationStore } from './pg-store';
import { join } from 'node:path';
import { PgEvaluationStore } from './pg-store';
import { SqliteEvaluationStore } from './sqlite-store';
import type { EvaluationStore } from './store';

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/trade-in.sqlite). */
export async function openEvaluationStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<EvaluationStore> {
  if (env.databaseUrl) return PgEvaluationStore.open(env.databaseUrl);
  return new SqliteEvaluationStore(env.sqliteFile ?? join('data', 'trade-in.sqlite'));
}
export * from './rate-limit';
export * from './image-links';
export { tradeInLeadEnricher } from './lead-enricher';
export * from './upload-quota';
export { PhotoRetentionWorker, removeExpiredPhotos, type PhotoRetentionOptions, type RetentionReport } from './photo-retention';
