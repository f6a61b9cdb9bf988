// Page-level data sources, by the name a page gives in its "data" field. Server only.
import type { PageDataSource } from '../renderer/types';

export const pageDataSources: Record<string, PageDataSource> = {};
