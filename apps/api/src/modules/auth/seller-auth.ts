import { eq } from 'drizzle-orm';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { buildSellerConfig } from '@/modules/sellers/seller-config';
import { sellerSettingsOf } from '@/modules/sellers/seller-settings';

export type AuthenticationMethod = SellerConfig['authentication_method'];

export interface SellerAuth {
  seller: SellerRef;
  method: AuthenticationMethod;
  externalLoginUrl: string | null;
  jwt: { secret: string; issuer: string | null; audience: string } | null;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The login settings of a seller (identity §3 `web.authentication_method`, external URLs). */
export async function loadSellerAuth(
  db: Db,
  ref: SellerRef,
  env: Pick<AppConfig, 'NODE_ENV' | 'ERROR_REPORTER_DSN'>,
): Promise<SellerAuth> {
  const [row] = await db.select().from(seller).where(eq(seller.id, ref.id)).limit(1);
  if (!row) throw new AppError('seller_not_found', 'login', 'Seller not found');
  const config = buildSellerConfig(row, env);
  // the SSO keys are server-only (`config.private`), read like every setting (seller-settings.ts)
  const secrets = sellerSettingsOf(row.config).private;
  const externalLoginUrl = config.external_urls.login;
  return {
    seller: ref,
    method: config.authentication_method,
    externalLoginUrl,
    jwt: secrets?.sso_jwt_secret
      ? {
          secret: secrets.sso_jwt_secret,
          issuer: secrets.sso_jwt_issuer ?? originOf(externalLoginUrl),
          audience: secrets.sso_jwt_audience ?? ref.slug,
        }
      : null,
  };
}

export const loginDisabled = () => new AppError('forbidden', 'login', 'Login is disabled');
export const methodNotOffered = () =>
  new AppError('forbidden', 'login', 'This login method is not offered');

/** Refuses unless the seller's method is one of `offered` (403 `forbidden`, context login). */
export function assertMethod(auth: SellerAuth, offered: readonly AuthenticationMethod[]) {
  if (auth.method === 'none') throw loginDisabled();
  if (!offered.includes(auth.method)) throw methodNotOffered();
}
