/**
 * The add-ons offered in the current upsell chain. "skip add-on" never leads back to one of
 * them, so a visitor going back and forth between add-ons is not sent round in a circle.
 * spec: identity §2 rule 7 — cleared after leaving any route other than the event route
 * (`app/navigation/route-leave-rules.tsx`). Its own module: the page frame clears it on every
 * route change and must not pull the cart calls into the first load (decision 0004).
 */
let offeredAddOns = new Set<string>();

export function getAddOnChain(): ReadonlySet<string> {
  return offeredAddOns;
}

export function recordOfferedAddOn(eventId: string): void {
  offeredAddOns.add(eventId);
}

export function clearAddOnChain(): void {
  offeredAddOns = new Set();
}
