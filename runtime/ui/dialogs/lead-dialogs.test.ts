import { describe, expect, it } from 'vitest';
import { LEAD_DIALOGS, leadDialogFromUrl, withoutLeadDialog } from './lead-dialogs';

describe('lead dialogs', () => {
  it('opens from an anchor or a query parameter', () => {
    expect(leadDialogFromUrl('#enquire', '')).toBe('enquire');
    expect(leadDialogFromUrl('', '?dialog=request-photos')).toBe('request-photos');
    expect(leadDialogFromUrl('#test-drive', '?dialog=enquire')).toBe('test-drive');
    expect(leadDialogFromUrl('#finance-calculator', '?dialog=nope')).toBeNull();
  });

  it('drops only the dialog from the address when it closes', () => {
    expect(withoutLeadDialog('/cars/x', '?dialog=enquire&utm=a', '')).toBe('/cars/x?utm=a');
    expect(withoutLeadDialog('/cars/x', '', '#enquire')).toBe('/cars/x');
    expect(withoutLeadDialog('/cars/x', '?utm=a', '#reviews')).toBe('/cars/x?utm=a#reviews');
  });

  it('names the seed dialogs', () => {
    expect(LEAD_DIALOGS.enquire.title).toBe('Enquire Now');
    expect(LEAD_DIALOGS['request-photos'].title).toBe('Request Photos');
    expect(LEAD_DIALOGS['request-photos'].form).toBe('request-photos');
  });
});
