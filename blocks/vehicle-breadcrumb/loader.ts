// The site's own origin, so JSON-LD links are absolute (search engines need full addresses).
import type { BlockLoader } from '../../runtime/renderer/types';

export interface VehicleBreadcrumbData {
  origin: string;
}

const loader: BlockLoader<unknown, VehicleBreadcrumbData> = ({ url }) => ({ origin: url.origin });

export default loader;
