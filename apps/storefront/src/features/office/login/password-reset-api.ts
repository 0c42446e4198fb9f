import type { AcceptedResponse } from '@admit/contracts/identity';
import { officeRequest } from '@/features/office/api/office-request';

/**
 * A staff user's own password reset by e-mail (decision 0095): `/api/office/password_reset/…`,
 * no office session needed. Each call throws the API's refusal as an `ApiError`.
 */

/** POST request: the same answer whether or not the e-mail is a staff user's. */
export async function requestOfficeReset(email: string): Promise<void> {
  await officeRequest<AcceptedResponse>('password_reset/request', {
    method: 'POST',
    body: { email },
  });
}

/** POST validate: resolves while the link can still be used (404 / 422 otherwise). */
export async function validateOfficeReset(token: string): Promise<void> {
  await officeRequest<AcceptedResponse>('password_reset/validate', {
    method: 'POST',
    body: { token },
  });
}

/** POST reset: the new password; every office session of the user ends. */
export async function resetOfficePassword(token: string, password: string): Promise<void> {
  await officeRequest<AcceptedResponse>('password_reset/reset', {
    method: 'POST',
    body: { token, password },
  });
}
