import { describe, expect, it } from 'vitest';
import { EMPTY_PURCHASER } from '@/features/checkout/model/purchaser-form';
import {
  initialPurchaserValues,
  requiredFieldsFor,
  unsentFields,
  type IdentityFieldRules,
} from '@/features/checkout/model/identity-fields';

const RULES: IdentityFieldRules = {
  zip_code: { required_for: ['card', 'wallet'] },
  phone: { required_for: ['wallet'] },
  country: { read_only: true, value: 'GB', required_for: ['card'] },
  state: { disabled: true },
};

describe('identity field rules (identity §5)', () => {
  it('requires fields per payment method, never a locked one', () => {
    expect(requiredFieldsFor(RULES, 'card')).toEqual(['zip_code']);
    expect(requiredFieldsFor(RULES, 'wallet').sort()).toEqual(['phone', 'zip_code']);
    expect(requiredFieldsFor(RULES, 'free')).toEqual([]);
    expect(requiredFieldsFor({}, 'card')).toEqual([]);
  });

  it('leaves out locked fields and the must-equal confirmation', () => {
    expect([...unsentFields(RULES)].sort()).toEqual(['country', 'email_confirm', 'state']);
    expect([...unsentFields({})]).toEqual(['email_confirm']);
  });

  it("starts locked fields at the seller's value", () => {
    const values = initialPurchaserValues(RULES, EMPTY_PURCHASER);
    expect(values.country).toBe('GB');
    expect(values.state).toBe('');
    expect(EMPTY_PURCHASER.country).toBe('');
  });
});
