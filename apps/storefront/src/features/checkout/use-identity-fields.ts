import { useCallback, useMemo, useRef } from 'react';
import type { PaymentMethodKind } from '@admit/contracts/seller-config';
import { useSellerConfig } from '@/config/seller-config';
import {
  identityFieldRules,
  initialPurchaserValues,
  requiredFieldsFor,
  unsentFields,
} from '@/features/checkout/model/identity-fields';
import { EMPTY_PURCHASER } from '@/features/checkout/model/purchaser-form';

/**
 * The seller's purchaser field rules for the checkout form (identity §5): which fields the
 * payment method being used makes required (`method` is set before each validation), which
 * are locked and not sent, and the form's starting values.
 */
export function useIdentityFields() {
  const config = useSellerConfig();
  const rules = useMemo(() => identityFieldRules(config), [config]);
  const method = useRef<PaymentMethodKind>('card');
  const requiredFields = useCallback(() => requiredFieldsFor(rules, method.current), [rules]);
  const unsent = useMemo(() => unsentFields(rules), [rules]);
  const defaults = useMemo(() => initialPurchaserValues(rules, EMPTY_PURCHASER), [rules]);
  return { rules, method, requiredFields, unsent, defaults };
}
