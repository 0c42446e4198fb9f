import type {
  ConfigurableIdentityField,
  IdentityFieldRule,
  PaymentMethodKind,
  SellerConfig,
} from '@admit/contracts/seller-config';
import type { PurchaserField, PurchaserValues } from '@/features/checkout/model/purchaser-form';

/**
 * The seller's purchaser field rules (identity §5: "Payment-method-specific identity fields
 * become required; disabled, read-only or must-equal fields are not sent"; decision 0019).
 */
export type IdentityFieldRules = Partial<Record<ConfigurableIdentityField, IdentityFieldRule>>;

export function identityFieldRules(config: Pick<SellerConfig, 'checkout'>): IdentityFieldRules {
  return config.checkout.identity_fields ?? {};
}

const entries = (rules: IdentityFieldRules) =>
  Object.entries(rules) as [ConfigurableIdentityField, IdentityFieldRule][];

/** Fields that must be filled when paying this way (a locked field is never asked for). */
export function requiredFieldsFor(
  rules: IdentityFieldRules,
  method: PaymentMethodKind,
): ConfigurableIdentityField[] {
  return entries(rules)
    .filter(([, r]) => !isLocked(r) && (r.required_for ?? []).includes(method))
    .map(([field]) => field);
}

export const isLocked = (rule: IdentityFieldRule | undefined) =>
  Boolean(rule?.disabled || rule?.read_only);

/** What the purchaser body leaves out: locked fields and the must-equal confirmation. */
export function unsentFields(rules: IdentityFieldRules): Set<PurchaserField> {
  const locked = entries(rules)
    .filter(([, r]) => isLocked(r))
    .map(([field]) => field);
  return new Set<PurchaserField>(['email_confirm', ...locked]);
}

/** The form's starting values: locked fields show the value the seller set. */
export function initialPurchaserValues(
  rules: IdentityFieldRules,
  empty: PurchaserValues,
): PurchaserValues {
  const values = { ...empty };
  for (const [field, rule] of entries(rules)) {
    if (isLocked(rule) && rule.value !== undefined) values[field] = rule.value;
  }
  return values;
}
