import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { DEMO_WALLET_FILES } from '../demo/demo-wallet-files';

/**
 * Throw-away wallet credentials for tests (decision 0037): a CA standing in for Apple's WWDR, a
 * pass type certificate it signed, and a Google service-account key — made in the test, never
 * read from anywhere. Used by the API's wallet tests and by the e2e server that signs passes.
 * No `@/` imports: the e2e specs load this file too.
 */

export interface PemKeyPair {
  publicKey: string;
  privateKey: string;
}

/** A throw-away RSA key (native, fast) as PEMs; `pkcs8` for a Google service-account key. */
export function rsaKey(format: 'pkcs1' | 'pkcs8' = 'pkcs1'): PemKeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: format, format: 'pem' },
  });
}

/** A certificate for `subject`'s key, signed by `issuer` (itself when self-signed). */
export function certificate(
  subject: { cn: string; publicKey: string },
  issuer: { cn: string; privateKey: string },
  ca: boolean,
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(subject.publicKey);
  cert.serialNumber = ca ? '01' : '02';
  cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2040-01-01T00:00:00Z');
  cert.setSubject([{ name: 'commonName', value: subject.cn }]);
  cert.setIssuer([{ name: 'commonName', value: issuer.cn }]);
  cert.setExtensions([{ name: 'basicConstraints', cA: ca }]);
  cert.sign(forge.pki.privateKeyFromPem(issuer.privateKey), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

export const TEST_PASS_TYPE_IDENTIFIER = 'pass.test.admit';
export const TEST_TEAM_IDENTIFIER = 'TEAM123456';
export const TEST_SIGNER_CN = `Pass Type ID: ${TEST_PASS_TYPE_IDENTIFIER}`;

/** An Apple pass signer: the CA (as WWDR) with its key, and the signer's certificate and key. */
export interface TestAppleSigner {
  caKey: PemKeyPair;
  wwdrPem: string;
  signerKey: PemKeyPair;
  certificatePem: string;
}

export function makeAppleSigner(): TestAppleSigner {
  const caKey = rsaKey();
  const signerKey = rsaKey();
  const wwdrPem = certificate(
    { cn: 'Test WWDR CA', publicKey: caKey.publicKey },
    { cn: 'Test WWDR CA', privateKey: caKey.privateKey },
    true,
  );
  const certificatePem = certificate(
    { cn: TEST_SIGNER_CN, publicKey: signerKey.publicKey },
    { cn: 'Test WWDR CA', privateKey: caKey.privateKey },
    false,
  );
  return { caKey, wwdrPem, signerKey, certificatePem };
}

/** The entries of a stored (uncompressed) zip, as a .pkpass is written. */
export function unzipStored(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    if (method !== 0) throw new Error(`${name} is compressed (method ${method}), not stored`);
    files.set(name, zip.subarray(start, start + size));
    at = start + size;
  }
  return files;
}

/** A seller's `private.wallet.apple` settings (decision 0037) with the signer's PEMs inline. */
export function appleWalletSettings(signer: TestAppleSigner) {
  return {
    pass_type_identifier: TEST_PASS_TYPE_IDENTIFIER,
    team_identifier: TEST_TEAM_IDENTIFIER,
    certificate_pem: signer.certificatePem,
    key_pem: signer.signerKey.privateKey,
    wwdr_pem: signer.wwdrPem,
  };
}

/** Writes the signer's files into `dir` as SEED_WALLET_DIR expects them (demo seed). */
export function writeAppleSignerFiles(dir: string, signer: TestAppleSigner): void {
  writeFileSync(join(dir, DEMO_WALLET_FILES.certificate), signer.certificatePem);
  writeFileSync(join(dir, DEMO_WALLET_FILES.key), signer.signerKey.privateKey);
  writeFileSync(join(dir, DEMO_WALLET_FILES.wwdr), signer.wwdrPem);
}
