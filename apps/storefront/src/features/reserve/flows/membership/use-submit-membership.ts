import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CartModifyBody } from '@admit/contracts/cart';
import type { GifteeBody } from '@admit/contracts/gift';
import { acceptCartBundle, modifyVisitorCart } from '@/api/cart/modify-cart';
import { setMembershipAutoRenew, setSkipUpsells } from '@/stores/cart-store';
import { createGiftee } from '@/features/reserve/api/create-giftee';
import { giftMessageOf, setCartGiftee } from '@/features/reserve/api/set-cart-giftee';
import { focusFirstIssue } from '@/features/reserve/use-submit-reservation';
import type { MembershipIssue } from '@/features/reserve/flows/membership/membership-model';
import type { MembershipFailure } from '@/features/reserve/flows/membership/membership-errors';
import { toMembershipFailure } from '@/features/reserve/flows/membership/membership-errors';
import { CODE_PROMPT_ERRORS, withPromoCodes } from '@/features/reserve/model/reserve-errors';
import type { CodePrompt } from '@/features/reserve/components/code-prompt-dialog';
import { ApiError } from '@/api/client';

/** What one press of the membership form's submit sends. */
export interface MembershipSubmission {
  issues: MembershipIssue[];
  /** built only once the form is valid */
  buildBody: () => CartModifyBody;
  /** the gift recipient: POST giftee first, the cart becomes theirs after the reserve */
  giftee?: GifteeBody;
  /** the auto-renew choice kept for the checkout (null: not asked, a gift) */
  autoRenew: boolean | null;
  /** where to go once the level is in the cart */
  next: string;
}

/**
 * The membership form's submit (spec: shopping §4, §5, §8): nothing is sent while the form has
 * issues; a gift names its recipient (POST giftee) before the reserve and the cart after it
 * (PATCH giftee_identity_id) and skips the upsells; the level goes into the cart by the usual
 * cart modify; a code the cart's rules ask for is prompted and the same body resubmitted.
 */
export function useSubmitMembership() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [issues, setIssues] = useState<MembershipIssue[]>([]);
  const [failure, setFailure] = useState<MembershipFailure | null>(null);
  const [codePrompt, setCodePrompt] = useState<CodePrompt | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const pending = useRef<{ submission: MembershipSubmission; codes: string[] } | null>(null);
  const giftee = useRef<{ email: string; id: string } | null>(null);

  const send = useCallback(
    async (submission: MembershipSubmission, codes: string[]) => {
      if (busy.current) return;
      busy.current = true;
      setSubmitting(true);
      setFailure(null);
      try {
        let gifteeId: string | null = null;
        if (submission.giftee) {
          const email = submission.giftee.email.toLowerCase();
          if (giftee.current?.email !== email) {
            const identity = await createGiftee(submission.giftee);
            giftee.current = { email, id: identity.id };
          }
          gifteeId = giftee.current.id;
        }
        const withCodes = withPromoCodes(submission.buildBody(), codes);
        // the reserve names the recipient itself, so a gift's level is not checked against the
        // giver's own renewal period (decision 0038)
        const body = gifteeId ? { ...withCodes, giftee_identity_id: gifteeId } : withCodes;
        const bundle = await modifyVisitorCart(queryClient, body);
        const cartId = bundle.cart._data[0]?.id;
        if (gifteeId && cartId) {
          const message = giftMessageOf(submission.giftee);
          acceptCartBundle(queryClient, await setCartGiftee(cartId, gifteeId, message));
          // spec: shopping §4 — after gifting, upsells are skipped
          setSkipUpsells(true);
        }
        setMembershipAutoRenew(submission.autoRenew);
        pending.current = null;
        setCodePrompt(null);
        // navigate's promise (a data router's) settles once the page has changed: no one waits
        void navigate(submission.next);
      } catch (error) {
        const prompting = codes.length > 0;
        if (prompting && error instanceof ApiError && CODE_PROMPT_ERRORS.has(error.code)) {
          setCodePrompt(
            (prompt) => prompt && { ...prompt, error: error.description || error.code },
          );
          return;
        }
        const mapped = toMembershipFailure(error);
        if (mapped.kind === 'code_prompt') {
          pending.current = { submission, codes };
          setCodePrompt({ description: mapped.description, error: null });
        } else {
          setCodePrompt(null);
          setFailure(mapped);
        }
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [navigate, queryClient],
  );

  const submit = useCallback(
    (submission: MembershipSubmission) => {
      setIssues(submission.issues);
      setFailure(null);
      if (submission.issues.length > 0) {
        focusFirstIssue(submission.issues);
        return;
      }
      void send(submission, []);
    },
    [send],
  );

  /** spec: shopping §8 — the reserve is retried with the entered code. */
  const submitCode = useCallback(
    (code: string) => {
      const last = pending.current;
      if (last) void send(last.submission, [...last.codes, code]);
    },
    [send],
  );

  const cancelCode = useCallback(() => {
    pending.current = null;
    setCodePrompt(null);
  }, []);

  return { submit, issues, failure, isSubmitting, codePrompt, submitCode, cancelCode };
}
