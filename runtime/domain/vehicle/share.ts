// Social share and copy link (docs/requirements/vehicle-browsing.md#states, #errors, #constants; docs/requirements/dealer-services.md#screens).

const SHARE_WINDOW = { width: 550, height: 400 } as const; // docs/requirements/vehicle-browsing.md#constants
const COPIED_TOAST_MS = 3000; // docs/requirements/dealer-services.md#screens: toast for 3 seconds
export const COPIED_NOTE_MS = 1500; // docs/requirements/vehicle-browsing.md#constants: 'Copied' note disappears after 1.5 s

export class AssertionError extends Error {
  override name = 'AssertionError';
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export type ShareNetwork = 'facebook' | 'twitter' | 'linkedin' | 'whatsapp' | 'email';

export interface ShareInput {
  url: string;
  title?: string;
  hashtags?: string[];
}

/** The share link for a network; throws AssertionError when url is missing or hashtags is not an array (docs/requirements/vehicle-browsing.md#errors). */
export function shareUrl(network: ShareNetwork, input: ShareInput): string {
  assert(input && input.url, 'url is required');
  const hashtags = input.hashtags ?? [];
  assert(Array.isArray(hashtags), 'hashtags is not an array');
  const url = encodeURIComponent(input.url);
  const title = encodeURIComponent(input.title ?? '');
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'twitter': {
      const tags = hashtags.length ? `&hashtags=${encodeURIComponent(hashtags.join(','))}` : '';
      return `https://twitter.com/intent/tweet?url=${url}&text=${title}${tags}`;
    }
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${input.title ? `${input.title} ` : ''}${input.url}`)}`;
    case 'email':
      return `mailto:?subject=${title}&body=${url}`;
  }
}

/** window.open features for a 550x400 window centred on the screen. */
export function shareWindowFeatures(screen: { width: number; height: number } = { width: 0, height: 0 }): string {
  const left = Math.max(0, Math.round((screen.width - SHARE_WINDOW.width) / 2));
  const top = Math.max(0, Math.round((screen.height - SHARE_WINDOW.height) / 2));
  return `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},left=${left},top=${top},noopener,noreferrer`;
}

export function copiedToast(carName: string): { message: string; durationMs: number } {
  return { message: `Copied ${carName} to your clipboard!`, durationMs: COPIED_TOAST_MS };
}
