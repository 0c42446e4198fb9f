import argon2 from 'argon2';

/**
 * argon2id with the OWASP minimum (19 MiB memory, 2 iterations, 1 lane). The PHC string
 * carries its own parameters, so raising them later keeps old hashes verifiable.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // a malformed stored hash is a refusal, not a 500
    return false;
  }
}

// verified against when the account does not exist, so both paths cost one argon2 run
let dummyHash: Promise<string> | null = null;

/** Spends the time a real verification would, so timing does not reveal unknown accounts. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('admit-no-such-account-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}
