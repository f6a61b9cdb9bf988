import { describe, expect, it } from 'vitest';
import { dealerComments } from './dealer-comments';

describe('dealerComments (docs/requirements/vehicle-browsing.md#states, #errors)', () => {
  it('shows the pending message when empty', () => {
    expect(dealerComments('  ')).toEqual({ text: 'Dealer comments are pending. Please check back here later.', pending: true, toggleLabel: null });
    expect(dealerComments(null).pending).toBe(true);
  });
  it('truncates to 400 characters with Show More / Show Less', () => {
    const long = 'x'.repeat(450);
    const collapsed = dealerComments(long);
    expect(collapsed.text).toBe(`${'x'.repeat(400)}...`);
    expect(collapsed.toggleLabel).toBe('Show More');
    expect(dealerComments(long, true)).toEqual({ text: long, pending: false, toggleLabel: 'Show Less' });
    expect(dealerComments('y'.repeat(400)).toggleLabel).toBeNull();
  });
});
