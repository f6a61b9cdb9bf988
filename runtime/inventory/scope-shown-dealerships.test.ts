import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { scopeOf } from './car-catalogue';

describe("a site's search scope", () => {
  it("keeps a hidden dealership's cars out", () => {
    const group = [{ id: 301 }, { id: 302 }, { id: 306 }];
    const tenant = { dealerships: group, settings: { locations: { dropdown: { hiddenDealershipIds: [306] } } } } as unknown as TenantDocument;
    expect(scopeOf(tenant).dealershipIds).toEqual([301, 302]);
  });
});
