import { salesCounterValue } from '../../runtime/domain/locations';
import type { BlockLoader } from '../../runtime/renderer/types';

export interface SalesCounterData {
  value: number;
}

// Computed on the server at request time, so the first paint shows the right number and hydration reuses it.
const load: BlockLoader<unknown, SalesCounterData> = ({ now }) => ({ value: salesCounterValue(now) });
export default load;
