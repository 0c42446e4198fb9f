import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SCROLL_INTO_VIEW_DELAY_MS } from '@admit/contracts/constants';
import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import { useModifyCart } from '@/api/cart/modify-cart';
import { useSellerConfig } from '@/config/seller-config';
import { ADDED_TO_CART_STATE } from '@/ui/routing/arrival-focus';
import { nextRouteAfterReserve } from '@/features/reserve/model/next-route';
import type { FieldIssue, IssueMap } from '@/features/reserve/model/form-issues';
import { toIssueMap } from '@/features/reserve/model/form-issues';
import type { ReserveFailure } from '@/features/reserve/model/reserve-errors';
import {
  CODE_PROMPT_ERRORS,
  isCitypassRefusal,
  toReserveFailure,
  withPromoCodes,
} from '@/features/reserve/model/reserve-errors';
import type { ReserveStringKey } from '@/features/reserve/strings';
import type { CodePrompt } from '@/features/reserve/components/code-prompt-dialog';
import { ApiError } from '@/api/client';
import type { ReserveCitypass } from '@/features/reserve/use-reserve-citypass';

/** A message to show after a failed reserve: a text-string key, or the API's own words. */
export type ReserveMessage =
  | { key: 'reserve.error_generic' }
  | { text: string }
  | { key: 'reserve.citypass_error'; vars: { description: string } };

/** The words of a reserve message, for every form that shows one. */
export function reserveMessageText(
  message: ReserveMessage,
  t: (key: ReserveStringKey, vars?: Record<string, string>) => string,
): string {
  if ('text' in message) return message.text;
  return 'vars' in message ? t(message.key, message.vars) : t(message.key);
}

export interface SubmitOptions {
  /** every form section's issues, in page order; nothing is sent while any remain */
  validate: () => FieldIssue[];
  buildBody: () => CartModifyBody;
  /** the flow's own sold-out handling (date-first refreshes sessions); returns the message */
  onSessionSoldOut?: () => Promise<ReserveMessage>;
  /**
   * The flow's own handling of an expected (inline) error, e.g. a lost seat race (decision
   * 0052): the message to show, null for none, undefined for the API's description.
   */
  onInlineFailure?: (failure: InlineFailure) => ReserveMessage | null | undefined;
  /** called after a successful reserve instead of moving on (e.g. an embedded add-on form) */
  onReserved?: (bundle: CartBundle) => void;
  /** the event's `web.ecommerce.next_route` (model/event-ecommerce.ts): where to go instead */
  nextRoute?: string | null;
  /**
   * The CityPASS fields of an event that takes CityPASS (`web.ecommerce.citypass`;
   * use-reserve-citypass.ts): checked and sent with the form, and its refusals read as CityPASS
   * errors — under the voucher field the server names, else under the form (decision 0076).
   */
  citypass?: ReserveCitypass;
}

export type InlineFailure = Extract<ReserveFailure, { kind: 'inline' }>;

/** An unexpected reserve error the API described: shown as a dialog offering a retry (§8). */
export interface ReserveErrorDialog {
  description: string;
}

/** Moves focus to the first invalid field once its message has rendered (shopping §5, §9). */
export function focusFirstIssue(issues: readonly Pick<FieldIssue, 'fieldId'>[]) {
  const first = issues[0];
  if (!first) return;
  setTimeout(() => {
    // the page may be gone by then (a test torn down, a navigation): nothing to focus
    if (typeof document === 'undefined') return;
    const element = document.getElementById(first.fieldId);
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    element?.focus();
  }, SCROLL_INTO_VIEW_DELAY_MS);
}

function focusMainLandmark() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

async function messageFor(
  failure: ReserveFailure,
  { onSessionSoldOut, onInlineFailure }: SubmitOptions,
): Promise<ReserveMessage | null> {
  if (failure.kind === 'session_sold_out') {
    if (onSessionSoldOut) return onSessionSoldOut();
    return failure.description ? { text: failure.description } : { key: 'reserve.error_generic' };
  }
  if (failure.kind === 'inline') {
    const own = onInlineFailure?.(failure);
    return own === undefined ? { text: failure.description } : own;
  }
  if (failure.kind === 'citypass') {
    return { key: 'reserve.citypass_error', vars: { description: failure.description } };
  }
  return { key: 'reserve.error_generic' };
}

/**
 * The submit step every reserve form shares (spec: shopping §4, §5, §8): validate every section,
 * focus the first invalid field and send nothing if any; else reserve into the cart, map a
 * failure to its message, and on success move on to the upsell listing or checkout.
 */
export function useSubmitReservation() {
  const modifyCart = useModifyCart();
  const navigate = useNavigate();
  const config = useSellerConfig();
  const [issues, setIssues] = useState<IssueMap>(new Map());
  const [message, setMessage] = useState<ReserveMessage | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const [errorDialog, setErrorDialog] = useState<ReserveErrorDialog | null>(null);
  // the submit the dialog's "Try again" repeats: the same body, built by the same closure
  const failedSubmit = useRef<SubmitOptions | null>(null);
  const [codePrompt, setCodePrompt] = useState<CodePrompt | null>(null);
  // the submit a checkout rule blocked, and the codes entered for it so far (shopping §8)
  const blocked = useRef<{ options: SubmitOptions; codes: string[] } | null>(null);

  const submit = useCallback(
    async (options: SubmitOptions, codes: readonly string[] = []) => {
      const { validate, onReserved, citypass: vouchers } = options;
      const buildBody = () => {
        const body = withPromoCodes(options.buildBody(), codes);
        const citypass = vouchers?.body();
        return citypass ? { ...body, citypass } : body;
      };
      if (busy.current) return;
      const found = [...validate(), ...(vouchers?.issues() ?? [])];
      setIssues(toIssueMap(found));
      setMessage(null);
      if (found.length > 0) {
        focusFirstIssue(found);
        return;
      }
      busy.current = true;
      setSubmitting(true);
      try {
        const bundle = await modifyCart.mutateAsync(buildBody());
        blocked.current = null;
        setCodePrompt(null);
        if (onReserved) onReserved(bundle);
        else {
          // the form, and the button that had focus, go with this page; until the next page
          // names its own target (its "Added to your cart." confirmation) focus waits on the
          // main landmark, not on <body>, however long that page's code takes to load (issue #25)
          focusMainLandmark();
          // the next page confirms the tickets are in the cart (issue 13, decision 0031)
          // navigate's promise (a data router's) settles once the page has changed: no one waits
          void navigate(options.nextRoute ?? nextRouteAfterReserve(config), {
            state: ADDED_TO_CART_STATE,
          });
        }
      } catch (error) {
        const citypass = vouchers?.offered ?? false;
        // the entered code's own refusal shows in the code prompt, which stays open
        if (
          codes.length > 0 &&
          error instanceof ApiError &&
          CODE_PROMPT_ERRORS.has(error.code) &&
          !isCitypassRefusal(error, citypass)
        ) {
          setCodePrompt(
            (prompt) => prompt && { ...prompt, error: error.description || error.code },
          );
          return;
        }
        const failure = toReserveFailure(error, citypass);
        const voucherField =
          failure.kind === 'citypass' && error instanceof ApiError
            ? vouchers?.fieldOf(error)
            : null;
        if (voucherField) {
          // spec: shopping §5 — the mismatch text under the voucher the server refused
          setCodePrompt(null);
          setIssues(new Map([[voucherField, 'reserve.citypass_mismatch']]));
          focusFirstIssue([{ fieldId: voucherField }]);
          return;
        }
        if (failure.kind === 'code_prompt') {
          // spec: shopping §8 — the code modal opens with the rule's description
          blocked.current = { options, codes: [...codes] };
          setCodePrompt({ description: failure.description, error: null });
          return;
        }
        setCodePrompt(null);
        // spec: shopping §8 — "Errors with a description appear as dialogs that retry the submit"
        if (failure.kind === 'dialog') {
          failedSubmit.current = options;
          setErrorDialog({ description: failure.description });
        } else {
          setMessage(await messageFor(failure, options));
        }
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [modifyCart, navigate, config],
  );

  const clearIssues = useCallback(() => {
    setIssues(new Map());
    setMessage(null);
  }, []);

  /** The visitor answered one field: its message goes, the others stay until the next submit. */
  const clearIssue = useCallback((fieldId: string) => {
    setIssues((current) => {
      if (!current.has(fieldId)) return current;
      const next = new Map(current);
      next.delete(fieldId);
      return next;
    });
  }, []);

  const retryFailedSubmit = useCallback(() => {
    const options = failedSubmit.current;
    failedSubmit.current = null;
    setErrorDialog(null);
    if (options) void submit(options);
  }, [submit]);

  const dismissErrorDialog = useCallback(() => {
    failedSubmit.current = null;
    setErrorDialog(null);
  }, []);

  /** spec: shopping §8 — the blocked reserve is retried with the entered code. */
  const submitCode = useCallback(
    (code: string) => {
      const last = blocked.current;
      if (last) void submit(last.options, [...last.codes, code]);
    },
    [submit],
  );

  const cancelCode = useCallback(() => {
    blocked.current = null;
    setCodePrompt(null);
  }, []);

  return {
    submit,
    issues,
    message,
    setMessage,
    clearIssues,
    clearIssue,
    isSubmitting,
    errorDialog,
    retryFailedSubmit,
    dismissErrorDialog,
    codePrompt,
    submitCode,
    cancelCode,
  };
}
