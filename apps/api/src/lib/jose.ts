import { loadOnce } from './load-once';

/**
 * jose (JWTs: a seller's external login, Google Wallet's save links) on the first token it
 * verifies or signs, not at start-up: most sellers use neither (decision 0102).
 */
export const loadJose = loadOnce(() => import('jose'));
