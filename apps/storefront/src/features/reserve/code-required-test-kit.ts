import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { cartBundle } from '@/testing/cart-fixtures';
import { errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import type { renderRoute } from '@/testing/render-route';

/** The demo's partner rule (apps/api/src/demo/sellers/demo-museum.yaml `partner-tours`). */
export const PARTNER_RULE =
  'Private group tours are booked by partner organisations. Enter your partner code.';

/**
 * A reserve answered as the API does under a `code_required` checkout rule (shopping §8): refused
 * until `preReservePromoCodes` carries the code, and an unknown code refused as not found.
 */
export function partnerRuleReserve(request: StubRequest): Response {
  const codes = (request.body as { preReservePromoCodes?: string[] } | null)?.preReservePromoCodes;
  if (!codes?.length) {
    return errorResponse(422, 'rule_blocks_reserve', PARTNER_RULE, {
      block_reason: 'code_required',
      code_group: 'partner',
      description: PARTNER_RULE,
    });
  }
  if (!codes.includes('PARTNER2026')) {
    return errorResponse(404, 'code_not_found', 'That code was not found');
  }
  return jsonResponse(cartBundle());
}

/**
 * After "Add to cart": the code dialog with the rule's words; a wrong code is refused inside it,
 * the right one sends the same reserve again with the code, and the form moves on.
 */
export async function answerCodePrompt(
  user: ReturnType<typeof renderRoute>['user'],
  reserves: () => StubRequest[],
) {
  const dialog = await screen.findByRole('dialog', { name: 'A code is required' });
  expect(within(dialog).getByText(PARTNER_RULE)).toBeInTheDocument();
  // the generic retry dialog is not what a code rule shows
  expect(screen.queryByRole('dialog', { name: 'Something went wrong' })).not.toBeInTheDocument();
  const field = within(dialog).getByRole('textbox', { name: 'Code' });
  await user.type(field, 'WRONG1');
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code was not found');
  await user.clear(field);
  await user.type(field, 'PARTNER2026');
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(reserves()).toHaveLength(3));
  const [first, wrong, right] = reserves();
  expect(wrong!.body).toEqual({ ...(first!.body as object), preReservePromoCodes: ['WRONG1'] });
  expect(right!.body).toEqual({
    ...(first!.body as object),
    preReservePromoCodes: ['PARTNER2026'],
  });
}
