/** Default texts of the quantity stepper; sellers override them by key (shopping §1). */
export const STEPPER_STRINGS = {
  'stepper.decrease': 'Decrease {label}',
  'stepper.increase': 'Increase {label}',
  'stepper.quantity': '{label} quantity',
} as const;
