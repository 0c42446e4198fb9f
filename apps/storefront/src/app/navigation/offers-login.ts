import { isExternalMethod, type SellerConfig } from '@admit/contracts/seller-config';

/** Methods with a login form the dialog can offer ('none' has no login, the external ones a link). */
export function offersLogin(method: SellerConfig['authentication_method']): boolean {
  return method !== 'none' && !isExternalMethod(method);
}
