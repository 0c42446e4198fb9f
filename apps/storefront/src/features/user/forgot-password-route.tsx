import { requestPasswordReset } from '@/features/user/api/request-password-reset';
import { ForgotPage } from '@/features/user/components/forgot-page';

/** /user/forgot-password (identity §2): POST password_reset/request. */
export function ForgotPasswordRoute() {
  return <ForgotPage kind="forgot-password" send={requestPasswordReset} />;
}
