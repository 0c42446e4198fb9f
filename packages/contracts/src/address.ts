import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * Address lookup (identity §7 "An address capture service is called for Find (countries plus
 * options) and Retrieve (by id) with a key from configuration"; §8 "Address lookup";
 * decision 0024). The server proxies the seller's address capture provider, so the browser
 * never sees a private key and the page's CSP stays `connect-src 'self'`.
 *
 *   GET /api/address/find?_seller&text&country[&container]  → addressFindResponse
 *       a `container` suggestion (a postcode, a street) is opened by a second find with
 *       `container={its id}`; an `address` suggestion is retrieved
 *   GET /api/address/retrieve?_seller&id                    → addressRetrieveResponse
 *
 * Errors: 400 validation_failed (bad query); 404 seller_not_found; 422 not_configured context
 * `address` (the seller has no key); 429 rate_limited; 502 internal_error context `address`
 * (the provider answered an error item — its description is the text — or could not be reached).
 */

/** spec: task brief — search text 1–100 characters, provider ids up to 200. */
export const ADDRESS_TEXT_MAX = 100;
export const ADDRESS_ID_MAX = 200;

const providerId = z.string().trim().min(1).max(ADDRESS_ID_MAX);

/** The query of `GET address/find` (besides `_seller`). */
export const addressFindQuerySchema = z.object({
  _seller: z.string().min(1),
  text: z.string().trim().min(1).max(ADDRESS_TEXT_MAX),
  /** ISO 3166-1 alpha-2, either case */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 country code' })
    .transform((code) => code.toUpperCase()),
  container: providerId.optional(),
});
export type AddressFindQuery = z.input<typeof addressFindQuerySchema>;

/** The query of `GET address/retrieve` (besides `_seller`). */
export const addressRetrieveQuerySchema = z.object({
  _seller: z.string().min(1),
  id: providerId,
});

/** One Find result: an address to retrieve, or a container to search within. */
export const addressSuggestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['address', 'container']),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const addressFindResponseSchema = z.object({
  address_suggestion: collectionSchema(addressSuggestionSchema),
});
export type AddressFindResponse = z.infer<typeof addressFindResponseSchema>;

/** A retrieved address in the purchaser form's field names (identity §3 purchaser identity). */
export const retrievedAddressSchema = z.object({
  address: z.string(),
  address_more: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
});
export type RetrievedAddress = z.infer<typeof retrievedAddressSchema>;

export const addressRetrieveResponseSchema = z.object({
  address: collectionSchema(retrievedAddressSchema),
});
export type AddressRetrieveResponse = z.infer<typeof addressRetrieveResponseSchema>;
