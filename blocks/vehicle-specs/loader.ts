// Today's date from the server, so the rego expiry wording is the same in the server HTML and after hydration.
import type { BlockLoader } from '../../runtime/renderer/types';

export interface VehicleSpecsData {
  today: string;
}

const loader: BlockLoader<unknown, VehicleSpecsData> = ({ now }) => ({ today: now.toISOString() });

export default loader;
