// SEAM for shopper accounts (issue 10): when a shopper is signed in, their details prefill the checkout forms.
// Today every shopper is signed out here and types their details; the accounts work replaces this one function
// (e.g. reading the signed-in shopper from its session context). Nothing else in the checkout needs to change.
import type { JourneyDetails } from '../../domain/checkout';

export function useSignedInShopperDetails(): Partial<JourneyDetails> | null {
  return null;
}
