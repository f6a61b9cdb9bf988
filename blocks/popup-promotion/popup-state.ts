// Where the popup's closed state lives: the browser's storage, under a key of the site (docs/requirements/dealer-services.md#data "Stored in
// the browser: ... popup closed state. Keys are per site") and of the popup block, so a new popup shows again.

export const popupClosedKey = (siteSlug: string, blockId: string) => `${siteSlug}:popup-closed:${blockId}`;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** Storage can be missing or refuse (private windows, full quota): the popup then simply shows again next time. */
export function wasClosed(storage: Storage | undefined, key: string): boolean {
  try {
    return storage?.getItem(key) === 'closed';
  } catch {
    return false;
  }
}

export function rememberClosed(storage: Storage | undefined, key: string): void {
  try {
    storage?.setItem(key, 'closed');
  } catch {
    // not remembered; nothing else depends on it
  }
}
