// A signed-in shopper's details prefill the checkout forms (issue 10's account, loaded once by useShopper). What the
// shopper has typed, or a resumed journey already holds, always wins over the account's details.
import { useEffect, useMemo } from 'react';
import type { JourneyDetails } from '../../domain/checkout';
import { useShopper } from '../accounts/shopper';

export function useSignedInShopperDetails(): Partial<JourneyDetails> | null {
  const { shopper } = useShopper();
  return useMemo(() => (shopper ? { name: shopper.name, email: shopper.email, ...(shopper.phone ? { phone: shopper.phone } : {}) } : null), [shopper]);
}

/** Fills empty fields from the signed-in shopper once their account has loaded. */
export function usePrefillDetails(
  prefill: Partial<JourneyDetails> | null,
  setDetails: (update: (d: Partial<JourneyDetails>) => Partial<JourneyDetails>) => void,
) {
  useEffect(() => {
    if (!prefill) return;
    setDetails((typed) => {
      const kept = Object.fromEntries(Object.entries(typed).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
      return { ...prefill, ...kept };
    });
  }, [prefill, setDetails]);
}
