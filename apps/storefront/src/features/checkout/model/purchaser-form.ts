import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import { loadPhoneNumbers } from '@/ui/country/phone-numbers';
import type { Purchaser } from '@admit/contracts/checkout';
import { isPostcodeOf } from '@admit/contracts/rules/postcodes';
import { CONFIGURABLE_IDENTITY_FIELDS } from '@admit/contracts/seller-config';
import {
  checkoutAnswersSchema,
  type CheckoutQuestion,
} from '@admit/contracts/rules/checkout-questions';
import type { CheckoutStringKey } from '@/features/checkout/strings';

export const PURCHASER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'email_confirm',
  ...CONFIGURABLE_IDENTITY_FIELDS,
] as const;
export type PurchaserField = (typeof PURCHASER_FIELDS)[number];

/** The form's values: the purchaser, the terms box and the answers to the order's questions. */
export type PurchaserValues = Record<PurchaserField, string> & {
  terms: boolean;
  /** question name → answer (decision 0064) */
  additional_info: Record<string, string>;
};

export const EMPTY_PURCHASER: PurchaserValues = {
  first_name: '',
  last_name: '',
  email: '',
  email_confirm: '',
  phone: '',
  address: '',
  address_more: '',
  city: '',
  state: '',
  country: '',
  zip_code: '',
  terms: false,
  additional_info: {},
};

/** Error messages are catalogue keys; the form renders them through `useStrings`. */
const msg = (key: CheckoutStringKey) => ({ message: key });
const text = (max: number, required = false) =>
  required
    ? z
        .string()
        .trim()
        .min(1, msg('checkout.error.required'))
        .max(max, msg('checkout.error.too-long'))
    : z.string().trim().max(max, msg('checkout.error.too-long'));

/**
 * The purchaser identity (identity §3) as the form validates it (identity §5): e-mail max 254,
 * confirmation matching case-insensitively, phone by libphonenumber for the default country,
 * US/UK postcode patterns, and the terms box when the seller has terms text.
 */
export function purchaserFormSchema(options: {
  phoneCountry: CountryCode;
  termsRequired: boolean;
  /** fields the payment method being used makes required (identity §5; read at validation) */
  requiredFields?: () => readonly PurchaserField[];
  /** the order's checkout questions (decision 0064): the rule the checkout call applies too */
  questions?: readonly CheckoutQuestion[];
}) {
  return z
    .object({
      first_name: text(100, true),
      last_name: text(100, true),
      email: z
        .string()
        .trim()
        .min(1, msg('checkout.error.required'))
        .max(254, msg('checkout.error.too-long'))
        .pipe(z.email(msg('checkout.error.email-invalid'))),
      email_confirm: text(254, true),
      // async: the phone library loads when a number is first checked (phone-numbers.ts)
      phone: text(40).refine(
        async (v) =>
          !v ||
          ((await loadPhoneNumbers())
            .parsePhoneNumberFromString(v, options.phoneCountry)
            ?.isValid() ??
            false),
        msg('checkout.error.phone-invalid'),
      ),
      address: text(200),
      address_more: text(200),
      city: text(100),
      state: text(100),
      country: z.string().trim().max(2, msg('checkout.error.too-long')),
      zip_code: text(20),
      terms: z.boolean(),
      additional_info: checkoutAnswersSchema(options.questions ?? []),
    })
    .superRefine((v, ctx) => {
      if (v.email_confirm && v.email.toLowerCase() !== v.email_confirm.toLowerCase()) {
        ctx.addIssue({
          code: 'custom',
          path: ['email_confirm'],
          message: 'checkout.error.emails-must-match',
        });
      }
      const country = (v.country || options.phoneCountry).toUpperCase();
      if (v.zip_code && !isPostcodeOf(v.zip_code, country)) {
        ctx.addIssue({ code: 'custom', path: ['zip_code'], message: 'checkout.error.zip-invalid' });
      }
      if (options.termsRequired && !v.terms) {
        ctx.addIssue({ code: 'custom', path: ['terms'], message: 'checkout.error.terms' });
      }
      for (const field of options.requiredFields?.() ?? []) {
        if (!v[field].trim()) {
          ctx.addIssue({ code: 'custom', path: [field], message: 'checkout.error.required' });
        }
      }
    });
}

/**
 * The form's fields refilled from a purchaser already sent (issue #25: back from a failed card
 * authentication the buyer's entries must still be there). Fields it left out keep `current`.
 */
export function purchaserFormValues(
  purchaser: Partial<Purchaser>,
  current: PurchaserValues,
): PurchaserValues {
  const restored = { ...current };
  for (const field of PURCHASER_FIELDS) {
    const value = purchaser[field];
    if (typeof value === 'string' && value) restored[field] = value;
  }
  // the confirmation must equal the address and is not sent (identity §5): it is the address
  if (purchaser.email && !purchaser.email_confirm) restored.email_confirm = purchaser.email;
  return restored;
}

/** The purchaser as the checkout body carries it: phone in E.164, empty optionals left out. */
export async function toPurchaser(
  values: PurchaserValues,
  phoneCountry: CountryCode,
  unsent: ReadonlySet<PurchaserField> = new Set(),
): Promise<Purchaser> {
  const phones = values.phone.trim() ? await loadPhoneNumbers() : null;
  const purchaser = buildPurchaser(values, phoneCountry, phones);
  // identity §5: disabled, read-only and must-equal fields are not sent
  for (const field of unsent) {
    if (field !== 'first_name' && field !== 'last_name' && field !== 'email') {
      delete purchaser[field];
    }
  }
  return purchaser;
}

function buildPurchaser(
  values: PurchaserValues,
  phoneCountry: CountryCode,
  phones: Awaited<ReturnType<typeof loadPhoneNumbers>> | null,
): Purchaser {
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  const phone =
    phones && values.phone.trim()
      ? (phones.parsePhoneNumberFromString(values.phone, phoneCountry)?.number ??
        values.phone.trim())
      : undefined;
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    email_confirm: values.email_confirm.trim(),
    phone,
    address: optional(values.address),
    address_more: optional(values.address_more),
    city: optional(values.city),
    state: optional(values.state),
    country: optional(values.country)?.toUpperCase(),
    zip_code: optional(values.zip_code),
  };
}

/**
 * The checkout form's schema: the purchaser identity for guests; for a member (a cart not
 * owned by the public identity, identity §6) the identity form is hidden, only terms remain.
 */
export function checkoutFormSchema(options: {
  identity: boolean;
  phoneCountry: CountryCode;
  termsRequired: boolean;
  requiredFields?: () => readonly PurchaserField[];
  questions?: readonly CheckoutQuestion[];
}) {
  if (options.identity) return purchaserFormSchema(options);
  return z
    .object({ terms: z.boolean(), additional_info: checkoutAnswersSchema(options.questions ?? []) })
    .passthrough()
    .superRefine((v, ctx) => {
      if (options.termsRequired && !v.terms) {
        ctx.addIssue({ code: 'custom', path: ['terms'], message: 'checkout.error.terms' });
      }
    });
}
