/**
 * The files SEED_WALLET_DIR holds, named as README "Wallet passes for a seller" names them. No
 * `@/` imports: the e2e server's test kit (testing/wallet-credentials.ts) writes them too.
 */
export const DEMO_WALLET_FILES = {
  certificate: 'pass-certificate.pem',
  key: 'pass-key.pem',
  wwdr: 'AppleWWDRCA.pem',
} as const;
