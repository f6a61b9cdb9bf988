// Small line icons for the vehicle page's spec facts (docs/requirements/vehicle-browsing.md#screens 'car icons'). Decorative: the fact's text and its
// visually hidden label say what it is.
import type { SidebarIconId } from '../../domain/vehicle/page-extras';

const PATHS: Record<SidebarIconId, string> = {
  km: 'M12 4a9 9 0 0 0-9 9h2a7 7 0 0 1 14 0h2a9 9 0 0 0-9-9Zm4.2 4.4-5 4.2a1.6 1.6 0 1 0 1.9 1.9l4.2-5-1.1-1.1Z',
  transmission: 'M5 4a2 2 0 0 0-1 3.7V16.3a2 2 0 1 0 2 0V13h5v3.3a2 2 0 1 0 2 0V13h5V7.7a2 2 0 1 0-2 0V11h-3V7.7a2 2 0 1 0-2 0V11H6V7.7A2 2 0 0 0 5 4Z',
  fuel: 'M5 3h8a1 1 0 0 1 1 1v7h1a2 2 0 0 1 2 2v3a1 1 0 0 0 2 0V9l-2-2 1.4-1.4L21 8.2V16a3 3 0 0 1-6 0v-3h-1v8H4V4a1 1 0 0 1 1-1Zm1 2v5h6V5H6Z',
  body: 'M5 11l1.6-4.2A2 2 0 0 1 8.5 5.5h7a2 2 0 0 1 1.9 1.3L19 11h1a1 1 0 0 1 1 1v5h-2v1.5a1.5 1.5 0 0 1-3 0V17H8v1.5a1.5 1.5 0 0 1-3 0V17H3v-5a1 1 0 0 1 1-1h1Zm2.2 0h9.6l-1.3-3.5h-7L7.2 11ZM6.5 15a1.2 1.2 0 1 0 0-2.4 1.2 1.2 0 0 0 0 2.4Zm11 0a1.2 1.2 0 1 0 0-2.4 1.2 1.2 0 0 0 0 2.4Z',
  drive:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 0 1 7.9 7h-4.1a4 4 0 0 0-7.6 0H4.1A8 8 0 0 1 12 4Zm-7.9 9h4.1a4 4 0 0 0 2.8 2.8v4.1A8 8 0 0 1 4.1 13Zm9.8 6.9v-4.1a4 4 0 0 0 2.8-2.8h4.1a8 8 0 0 1-6.9 6.9Z',
  seats: 'M8 3a2 2 0 0 1 2 2v7h6a2 2 0 0 1 2 2v6h-2v-4H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z',
  doors: 'M6 3h9l4 4v14H6V3Zm2 2v6h9V8l-3-3H8Zm6 9v2h3v-2h-3Z',
  engine: 'M7 5h6v2h-2v2h4l2 2h2v-2h2v8h-2v-2h-2l-2 3H9l-2-2H5v2H3V9h2v2h2V9h2V7H7V5Z',
  year: 'M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 7h14v10H5V9Z',
  colour: 'M12 3c-4.4 5-7 8.3-7 11a7 7 0 0 0 14 0c0-2.7-2.6-6-7-11Z',
};

export function CarIcon({ id }: { id: SidebarIconId }) {
  return (
    <svg className="car-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[id]} fill="currentColor" />
    </svg>
  );
}
