import { z } from 'zod';

/**
 * The keys a seller's stored config may carry for the address capture service: the server-only
 * `private.address_service_key` (never in the public config, like `private.stripe_secret_key`)
 * and the public `address_service_key`. Unknown keys pass through untouched.
 */
const storedAddressKeysSchema = z
  .object({
    address_service_key: z.string().nullish(),
    private: z.object({ address_service_key: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough();

/**
 * The key the server calls the provider with (identity §7 "with a key from configuration"):
 * the private key when configured, else the public one; null when the seller has neither.
 */
export function addressServiceKeyOf(storedConfig: unknown): string | null {
  const parsed = storedAddressKeysSchema.safeParse(storedConfig ?? {});
  if (!parsed.success) return null;
  const key =
    parsed.data.private?.address_service_key?.trim() || parsed.data.address_service_key?.trim();
  return key ? key : null;
}
