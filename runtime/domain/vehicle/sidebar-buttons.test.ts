import { describe, expect, it } from 'vitest';
import { reserveButtonText, sidebarActions } from './sidebar-buttons';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const reserve = (s = {}) => withSettingsDefaults('vehicle', { reserve: s }).reserve;
const vehicle = (s = {}) => withSettingsDefaults('vehicle', s);

describe('reserveButtonText (docs/requirements/vehicle-browsing.md#screens)', () => {
  it("reads 'Reserve Car Now for {amount}' with default $200", () => {
    expect(reserveButtonText(reserve())).toBe('Reserve Car Now for $200');
    expect(reserveButtonText(reserve({ amount: 1000 }))).toBe('Reserve Car Now for $1,000');
    expect(reserveButtonText(reserve({ showAmount: false }))).toBe('Reserve Car Now');
  });
});

describe('sidebarActions (docs/requirements/vehicle-browsing.md#validation)', () => {
  const car = { status: 'in_stock', slug: '2022-kia-sportage-s' };
  const all = { sidebarButtons: ['call', 'trade-in', 'history-report'] as const, reserve: { enabled: true, onlinePurchaseEnabled: true } };

  it('shows trade-in, reserve and buy online for available cars', () => {
    expect(sidebarActions(car, vehicle({ ...all, sidebarButtons: [...all.sidebarButtons] }))).toEqual({
      primary: 'reserve',
      buttons: ['call', 'trade-in'],
      links: [],
      reserve: { text: 'Reserve Car Now for $200', href: '/cars/2022-kia-sportage-s/checkout' },
      buyOnline: { text: 'Buy Online', href: '/checkout-journey?car_id=2022-kia-sportage-s' },
      soldNotice: null,
    });
  });
  it('a car tagged Test Drive Only offers its test-drive booking where the site leaves the button out', () => {
    const site = vehicle({ sidebarButtons: ['call', 'enquire', 'finance'] });
    expect(sidebarActions({ ...car, tag: ' test drive only ' }, site).buttons).toEqual(['call', 'test-drive', 'finance']);
    expect(sidebarActions({ ...car, tag: 'Runout Sale' }, site).buttons).toEqual(['call', 'finance']);
    expect(sidebarActions({ ...car, tag: 'Test Drive Only' }, vehicle({ sidebarButtons: ['call'] })).buttons).toEqual(['test-drive', 'call']);
    // Never twice, and not once the car is sold.
    expect(sidebarActions({ ...car, tag: 'Test Drive Only' }, vehicle({ sidebarButtons: ['test-drive', 'call'] })).buttons).toEqual(['test-drive', 'call']);
    expect(sidebarActions({ ...car, status: 'sold', tag: 'Test Drive Only' }, site).buttons).toEqual(['call']);
  });
  it('hides trade-in, reserve and purchase for sold cars and shows the SOLD notice', () => {
    const sold = sidebarActions({ ...car, status: 'sold', file: '/reports/ppsr.pdf' }, vehicle({ ...all, sidebarButtons: [...all.sidebarButtons] }));
    expect(sold.buttons).toEqual(['call']);
    expect(sold.links).toEqual(['history-report']);
    expect(sold.primary).toBeNull();
    expect(sold.reserve).toBeNull();
    expect(sold.buyOnline).toBeNull();
    expect(sold.soldNotice).toEqual({ text: 'SOLD', action: 'Find Me Something Similar' });
  });
  it('hides reserve and buy online while the car is reserved', () => {
    const reserved = sidebarActions({ ...car, reserved: true }, vehicle({ ...all, sidebarButtons: [...all.sidebarButtons] }));
    expect(reserved.reserve).toBeNull();
    expect(reserved.buyOnline).toBeNull();
    expect(reserved.soldNotice).toBeNull();
  });
  it('uses the site checkout path and default buttons', () => {
    expect(sidebarActions(car, vehicle({ reserve: { enabled: true, checkoutPath: 'buy-online' } })).reserve?.href).toBe('/cars/2022-kia-sportage-s/buy-online');
    expect(sidebarActions(car, vehicle()).buttons).toEqual(['call', 'finance', 'test-drive', 'trade-in']);
    expect(sidebarActions(car, vehicle()).primary).toBe('enquire');
    expect(sidebarActions(car, vehicle()).reserve).toBeNull();
  });

  it('gives the primary colour to one action: Enquire Now, else reserve, else buy online', () => {
    const withEnquire = sidebarActions(car, vehicle({ sidebarButtons: ['call', 'enquire', 'test-drive'], reserve: { enabled: true } }));
    expect(withEnquire.primary).toBe('enquire');
    expect(withEnquire.buttons).toEqual(['call', 'test-drive']);
    expect(withEnquire.reserve?.text).toBe('Reserve Car Now for $200');
    expect(sidebarActions(car, vehicle({ sidebarButtons: ['call'], reserve: { enabled: true, onlinePurchaseEnabled: true } })).primary).toBe('reserve');
    expect(sidebarActions(car, vehicle({ sidebarButtons: ['call'], reserve: { onlinePurchaseEnabled: true } })).primary).toBe('buy-online');
    expect(sidebarActions(car, vehicle({ sidebarButtons: ['call', 'finance'] })).primary).toBeNull();
  });
  it('keeps only call, directions and the history report for a sold car, the report as a text link', () => {
    const buttons = ['call', 'finance', 'enquire', 'test-drive', 'trade-in', 'whatsapp', 'chat', 'history-report', 'location', 'custom'] as const;
    const sold = sidebarActions({ ...car, status: 'sold', file: '/r.pdf' }, vehicle({ sidebarButtons: [...buttons] }));
    expect(sold).toMatchObject({ primary: null, buttons: ['call', 'location'], links: ['history-report'] });
    const available = sidebarActions({ ...car, file: '/r.pdf' }, vehicle({ sidebarButtons: [...buttons] }));
    expect(available.buttons).toEqual(['call', 'finance', 'test-drive', 'trade-in', 'whatsapp', 'chat', 'location', 'custom']);
    expect(available.links).toEqual(['history-report']);
  });
});
