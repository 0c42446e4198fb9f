import { z } from 'zod';
import { sellerConfigSchema } from './seller-config';

/**
 * A seller's own domains (issue #26 "Seller domains", decision 0070): a request whose Host is
 * one of them is for that seller, with no `_seller`, and the public config reports the
 * domain's environment. A host belongs to one seller at most (the server's unique `host`).
 */

/**
 * A host name as a request's Host names it after lower-casing and dropping the port: labels of
 * letters, digits and dashes, at least two of them, the last starting with a letter (so never
 * `localhost` nor an IP address, which are the shared hosts).
 */
export const sellerDomainHostSchema = z
  .string()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'a host name in lower case, without scheme, port or path, e.g. tickets.museum.example',
  );

/** What a seller domain chooses: the environment its storefront reports. */
export const sellerDomainEnvironmentSchema = sellerConfigSchema.shape.environment;
export type SellerDomainEnvironment = z.infer<typeof sellerDomainEnvironmentSchema>;

export const sellerDomainSchema = z.strictObject({
  host: sellerDomainHostSchema,
  /** the environment the public config reports on this host (`production` hides `/_stories`) */
  environment: sellerDomainEnvironmentSchema,
});
export type SellerDomain = z.infer<typeof sellerDomainSchema>;
