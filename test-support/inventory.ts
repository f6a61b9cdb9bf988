import dealershipsJson from '../runtime/inventory/fixtures/dealerships.json';
import type { InventoryDealership } from '../runtime/inventory/types';
import { atLeast } from './at-least';

// Shared fixtures for the inventory tests.
export const SAMPLE_DEALERSHIPS = atLeast(2, dealershipsJson as InventoryDealership[], 'the sample dealerships');
/** A fixed 'now' (1 July 2025, 12:00 in Brisbane) so date-based expectations never drift. */
export const NOW = Date.UTC(2025, 6, 1, 2, 0, 0);
export const NOW_SECONDS = Math.floor(NOW / 1000);
export const DAY_SECONDS = 86_400;
