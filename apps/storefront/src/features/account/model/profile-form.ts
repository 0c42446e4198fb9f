import { z } from 'zod';
import {
  CONFIGURABLE_IDENTITY_FIELDS,
  type ConfigurableIdentityField,
} from '@admit/contracts/seller-config';
import { patchUserBodySchema, type Identity, type PatchUserBody } from '@admit/contracts/identity';

/** The contact fields 'Update details' sends (identity §7 PATCH my/user/{id}): the purchaser's. */
export const PROFILE_CONTACT_FIELDS = CONFIGURABLE_IDENTITY_FIELDS;
type ContactField = ConfigurableIdentityField;

export type ProfileValues = Record<'email' | 'first_name' | 'last_name' | ContactField, string>;

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The form's check is the contract's (PATCH my/user/{id}: the lengths the server takes), so the
 * limits have one home; e-mail and names ride along read-only and are never sent (§2).
 */
export const profileFormSchema = z
  .object({
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    address: z.string(),
    address_more: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    zip_code: z.string(),
  } satisfies Record<keyof ProfileValues, z.ZodString>)
  .superRefine((values, ctx) => {
    const contact = patchUserBodySchema.safeParse(profilePatchOf(values));
    for (const issue of contact.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: 'account.profile.too_long' });
    }
  });

/** What the form shows for this account (identity §2: it refills when the identity changes). */
export function profileValuesOf(
  user: { email: string | null; first_name: string | null; last_name: string | null } | null,
  identity: Identity | null,
): ProfileValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    email: text(user?.email),
    first_name: text(user?.first_name),
    last_name: text(user?.last_name),
    ...(Object.fromEntries(PROFILE_CONTACT_FIELDS.map((f) => [f, text(identity?.[f])])) as Record<
      ContactField,
      string
    >),
  };
}

/** The PATCH body: every contact field, an emptied one as null (it clears what was stored). */
export function profilePatchOf(values: ProfileValues): PatchUserBody {
  return Object.fromEntries(
    PROFILE_CONTACT_FIELDS.map((f) => [
      f,
      f === 'country' ? (blankToNull(values[f])?.toUpperCase() ?? null) : blankToNull(values[f]),
    ]),
  ) as PatchUserBody;
}
