import { readFile } from 'node:fs/promises';
import type { WalletSettings } from '@/modules/sellers/seller-settings';

/**
 * A seller's wallet credentials (decision 0037), from `config.private.wallet`: each PEM inline
 * or as a path on the server's disk (README "Wallet passes"). A provider is configured when
 * every part it signs with is given; a path that cannot be read fails the pass (503), not the
 * precheck, which never touches the disk.
 */

type Apple = NonNullable<WalletSettings['apple']>;
type Google = NonNullable<WalletSettings['google']>;

const given = (inline?: string, path?: string) => !!(inline || path);

export const appleConfigured = (apple: WalletSettings['apple']): apple is Apple =>
  !!apple &&
  given(apple.certificate_pem, apple.certificate_path) &&
  given(apple.key_pem, apple.key_path) &&
  given(apple.wwdr_pem, apple.wwdr_path);

export const googleConfigured = (google: WalletSettings['google']): google is Google =>
  !!google && given(google.private_key_pem, google.private_key_path);

const pemOf = async (inline: string | undefined, path: string | undefined) =>
  inline ?? (await readFile(path!, 'utf8'));

/** The PEMs passkit-generator signs with (signer certificate and key, Apple's WWDR). */
export async function appleCertificates(apple: Apple) {
  return {
    signerCert: await pemOf(apple.certificate_pem, apple.certificate_path),
    signerKey: await pemOf(apple.key_pem, apple.key_path),
    signerKeyPassphrase: apple.key_passphrase,
    wwdr: await pemOf(apple.wwdr_pem, apple.wwdr_path),
  };
}

/** The service account's private key (PKCS#8 PEM). */
export const googlePrivateKey = (google: Google) =>
  pemOf(google.private_key_pem, google.private_key_path);

export type { Apple as AppleWallet, Google as GoogleWallet };
