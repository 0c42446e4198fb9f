import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import { isPostcodeOf } from '@admit/contracts/rules/postcodes';
import { loadPhoneNumbers } from '@/ui/country/phone-numbers';
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
 * limits have one home; e-mail and names ride along read-only and are never sent (§2). The phone
 * must be a number (libphonenumber-js, read in the profile's country, else the seller's) and the
 * postcode one of its country's (issue #25: "abc" and a 20-character ZIP were taken).
 */
export const profileFormSchema = (defaultCountry: CountryCode) =>
  z
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
    .superRefine(async (values, ctx) => {
      const contact = patchUserBodySchema.safeParse(profilePatchOf(values));
      for (const issue of contact.error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: 'account.profile.too_long' });
      }
      const country = (values.country.trim() || defaultCountry).toUpperCase();
      const phone = values.phone.trim();
      if (phone) {
        const parsed = (await loadPhoneNumbers()).parsePhoneNumberFromString(
          phone,
          country as CountryCode,
        );
        if (!parsed?.isValid()) {
          ctx.addIssue({
            code: 'custom',
            path: ['phone'],
            message: 'account.profile.phone_invalid',
          });
        }
      }
      const zip = values.zip_code.trim();
      if (zip && !isPostcodeOf(zip, country)) {
        ctx.addIssue({
          code: 'custom',
          path: ['zip_code'],
          message: 'account.profile.zip_invalid',
        });
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
