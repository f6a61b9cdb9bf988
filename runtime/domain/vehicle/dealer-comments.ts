// Dealer comments (docs/requirements/vehicle-browsing.md#states, #errors): truncated to 400 characters until expanded.
import { truncate } from '../format';

const DEALER_COMMENTS_TRUNCATE_AT = 400;
const DEALER_COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';

export interface DealerComments {
  text: string;
  pending: boolean;
  toggleLabel: 'Show More' | 'Show Less' | null;
}

export function dealerComments(comments: string | null | undefined, expanded = false): DealerComments {
  const text = (comments ?? '').trim();
  if (!text) return { text: DEALER_COMMENTS_PENDING, pending: true, toggleLabel: null };
  if (text.length <= DEALER_COMMENTS_TRUNCATE_AT) return { text, pending: false, toggleLabel: null };
  return expanded
    ? { text, pending: false, toggleLabel: 'Show Less' }
    : { text: truncate(text, DEALER_COMMENTS_TRUNCATE_AT), pending: false, toggleLabel: 'Show More' };
}
