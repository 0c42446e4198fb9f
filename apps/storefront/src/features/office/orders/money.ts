/** The office API's integer minor units as the wire's decimal string `Price` shows (2-digit currencies). */
export const minorToWire = (minor: number): string => (minor / 100).toFixed(2);
