import type { SandboxCardBody, SandboxPaymentMethod } from '@admit/contracts/checkout';
import { sandboxPaymentMethodRoute } from '@admit/contracts/routes/checkout';
import { ApiError, call } from '@/api/client';

/**
 * POST sandbox/payment_methods: the built-in test gateway turns card fields into a token
 * (`pm_sandbox_…`); card data is never sent with the payment itself (checkout contract).
 */
export async function tokenizeCard(card: SandboxCardBody): Promise<SandboxPaymentMethod> {
  const body = await call(sandboxPaymentMethodRoute, { body: card });
  const method = body.payment_method._data[0];
  if (!method) throw new ApiError(500, 'internal_error', 'stripe', 'No payment method', null);
  return method;
}
