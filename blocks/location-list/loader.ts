import type { BlockLoader } from '../../runtime/renderer/types';

export interface LocationListData {
  /** The server's clock: today's holiday hours must be the same on the server's render and on hydration. */
  nowMs: number;
}

const load: BlockLoader<unknown, LocationListData> = ({ now }) => ({ nowMs: now.getTime() });
export default load;
