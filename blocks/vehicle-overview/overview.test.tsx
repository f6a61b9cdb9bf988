// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import VehicleOverview from './index';
import { atLeast } from '../../test-support/at-least';
import { onVehiclePage, testCar, testSite } from '../../test-support/vehicle-page';
import type { Car } from '../../schemas/generated/car';
import schema from './schema.json';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';

// The renderer fills props from the schema defaults; so do the tests.
const defaults = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, (v as { default?: unknown }).default]));

afterEach(cleanup);

const overview = (car: Car, site = testSite(), props: Record<string, unknown> = defaults) =>
  render(
    onVehiclePage(
      <VehicleOverview props={withBlockDefaults('vehicle-overview', props)} slots={{}} data={undefined} block={{ id: 'o', type: 'vehicle-overview' }} />,
      car,
      site,
    ),
  );

describe('vehicle overview', () => {
  it('shows the first 4 key facts with Show More / Show Less', () => {
    overview(testCar());
    const keyInfo = screen.getByRole('region', { name: 'Key Information' });
    expect([...keyInfo.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Odometer', 'Transmission', 'Fuel Type', 'Body']);
    fireEvent.click(within(keyInfo).getByRole('button', { name: 'Show More' }));
    expect(keyInfo.querySelectorAll('dt').length).toBe(9);
    fireEvent.click(within(keyInfo).getByRole('button', { name: 'Show Less' }));
    expect(keyInfo.querySelectorAll('dt').length).toBe(4);
  });

  it('has the seed tabs, Features only when the car has features, Reserve Online only where reserving is on, narrowed by the site setting', () => {
    overview(testCar(), testSite({ reserve: { enabled: true } }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Dealer Comments',
      "What's Included",
      'Why Buy From Us?',
      'Reserve Online',
      'Protect Your Car',
      'Features',
    ]);
    cleanup();
    overview(testCar());
    expect(screen.queryByRole('tab', { name: 'Reserve Online' })).toBeNull();
    cleanup();
    overview(testCar({ standardEquipment: [] }));
    expect(screen.queryByRole('tab', { name: 'Features' })).toBeNull();
    cleanup();
    overview(testCar(), testSite({ tabs: ['Features', 'Dealer Comments'] }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dealer Comments', 'Features']);
  });

  it('truncates dealer comments at 400 characters with Show More / Show Less, and says when they are pending', () => {
    const comments = 'One owner. '.repeat(50).trim();
    overview(testCar({ dealercomments: comments }));
    const panel = screen.getByRole('tabpanel', { name: 'Dealer Comments' });
    expect(panel.querySelector('p')!.textContent).toBe(`${comments.slice(0, 400).trimEnd()}...`);
    fireEvent.click(within(panel).getByRole('button', { name: 'Show More' }));
    expect(panel.querySelector('p')!.textContent).toBe(comments);
    expect(within(panel).getByRole('button', { name: 'Show Less' }).getAttribute('aria-expanded')).toBe('true');
    cleanup();
    overview(testCar({ dealercomments: '  ' }));
    expect(screen.getByRole('tabpanel', { name: 'Dealer Comments' }).textContent).toBe('Dealer comments are pending. Please check back here later.');
  });

  it('switches tabs by click and arrow keys; Features lists 8 then Show All / Hide', () => {
    overview(testCar(), testSite({ reserve: { enabled: true } }));
    const tabs = atLeast(1, screen.getAllByRole('tab'), 'the tabs');
    fireEvent.keyDown(tabs[0], { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Features' }).getAttribute('aria-selected')).toBe('true');
    const features = screen.getByRole('tabpanel', { name: 'Features' });
    expect(features.hidden).toBe(false);
    expect(within(features).getAllByRole('listitem')).toHaveLength(8);
    fireEvent.click(within(features).getByRole('button', { name: 'Show All' }));
    expect(within(features).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(within(features).getByRole('button', { name: 'Hide' }));
    expect(within(features).getAllByRole('listitem')).toHaveLength(8);
    fireEvent.click(screen.getByRole('tab', { name: 'Reserve Online' }));
    expect(screen.getByRole('tabpanel', { name: 'Reserve Online' }).hidden).toBe(false);
    expect(features.hidden).toBe(true);
  });

  it('puts the site reserve deposit into the Reserve Online text and offers the reserve button when reserving is on', () => {
    overview(testCar(), testSite({ reserve: { enabled: true, amount: 500 } }));
    fireEvent.click(screen.getByRole('tab', { name: 'Reserve Online' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reserve Online' });
    expect(panel.textContent).toContain('with a $500 deposit');
    expect(within(panel).getByRole('link', { name: 'Reserve Car Now for $500' }).getAttribute('href')).toBe('/cars/2021-toyota-hilux-sr5-7/checkout');
    cleanup();
    // A sold car offers no deposit: no Reserve Online tab, no reserve button.
    overview(testCar({ status: 'sold' }), testSite({ reserve: { enabled: true } }));
    expect(screen.queryByRole('tab', { name: 'Reserve Online' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Reserve Car Now/ })).toBeNull();
  });
});
