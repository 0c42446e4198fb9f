import type Stripe from 'stripe';
import { loadOnce } from '@/lib/load-once';

/**
 * The Stripe SDK (some 300 modules, 17 MB resident) on the first seller that pays through
 * Stripe or the first webhook, not at start-up: the demo and every sandbox seller never load it
 * (decision 0072).
 */
export const loadStripe = loadOnce<typeof Stripe>(async () => (await import('stripe')).default);
