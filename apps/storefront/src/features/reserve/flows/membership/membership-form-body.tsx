import { useMemo, useState } from 'react';
import type { MembershipRule } from '@admit/contracts/membership';
import { decimalToMinor, formatMoney, minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { Price } from '@/ui/price';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';
import type { ReserveStringKey } from '@/features/reserve/strings';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import { toIssueMap } from '@/features/reserve/model/form-issues';
import { nextRouteAfterReserve } from '@/features/reserve/model/next-route';
import { TicketTypeChoice } from '@/features/reserve/flows/one-ticket/ticket-type-choice';
import type { MembershipFormState } from '@/features/reserve/flows/membership/membership-model';
import {
  chooseLevel,
  LEVEL_FIELD_ID,
  MEMBERS_FIELD_ID,
  slotsOf,
  toMembershipBody,
  validateMembership,
} from '@/features/reserve/flows/membership/membership-model';
import type { GiftRecipient } from '@/features/reserve/flows/membership/gift-recipient';
import {
  asksMoreMembers,
  EMPTY_RECIPIENT,
  recipientRoleOf,
  SELF_GIFT_ID,
  toGifteeBody,
  validateRecipient,
  withoutRecipientMemberIssues,
  withRecipientMember,
} from '@/features/reserve/flows/membership/gift-recipient';
import { RuleMembers } from '@/features/reserve/flows/membership/member-fields';
import { GiftRecipientFields } from '@/features/reserve/flows/membership/gift-recipient-fields';
import { MembershipFailureView } from '@/features/reserve/flows/membership/membership-failure';
import { CodePromptDialog } from '@/features/reserve/components/code-prompt-dialog';
import { useSubmitMembership } from '@/features/reserve/flows/membership/use-submit-membership';
import type { MembershipStringKey } from '@/features/reserve/flows/membership/membership-strings';
import { MEMBERSHIP_STRINGS } from '@/features/reserve/flows/membership/membership-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/membership/membership.module.css';

export type MembershipMode = 'buy' | 'renew' | 'gift';

export interface MembershipFormBodyProps {
  eventId: string;
  mode: MembershipMode;
  levels: readonly TicketType[];
  rules: readonly MembershipRule[];
  initial: MembershipFormState;
  /** the logged-in visitor's e-mail: a gift to it is refused (shopping §5) */
  ownEmail: string | null;
  /** codes sent with the reserve (a gift code being redeemed) */
  promoCodes?: readonly string[];
  /** what a gift code being redeemed pays of each level (ticket type id → decimal) */
  giftCovers?: Readonly<Record<string, string>>;
}

/**
 * The level's total: what the visitor pays. A gift code being redeemed pays its part (the
 * lookup's discount, the server's figure): the total is what is left, and the gift's part is
 * said — never the full price as if it were due (issue #25).
 */
function LevelTotal({ price, covered }: { price: string; covered: string | null }) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const { currency, locale } = useSellerConfig();
  if (covered === null) {
    return (
      <p className={reserveStyles.muted}>
        {tr('reserve.total')} <Price amount={price} />
      </p>
    );
  }
  const coveredMinor = Math.min(decimalToMinor(covered), decimalToMinor(price));
  const due = minorToDecimal(decimalToMinor(price) - coveredMinor);
  return (
    <div className={reserveStyles.muted}>
      <p>
        {tr('reserve.total')} <Price amount={due} />
      </p>
      <p>
        {t('reserve.membership.gift_covers', {
          amount: formatMoney(minorToDecimal(coveredMinor), currency, locale),
        })}
      </p>
    </div>
  );
}

const isReserveKey = (key: string): key is ReserveStringKey => key in RESERVE_STRINGS;

/**
 * The membership form (spec: shopping §2 rule 3, §4 "Membership form", §5): for a gift the
 * recipient first; the level (radio buttons below 4 levels, else a select); its members; the
 * auto-renew choice (not for a gift); the level's price and the submit.
 */
export function MembershipFormBody(props: MembershipFormBodyProps) {
  const { eventId, mode, levels, rules, initial, ownEmail, promoCodes = [], giftCovers } = props;
  const t = useStrings(MEMBERSHIP_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const config = useSellerConfig();
  const [state, setState] = useState(initial);
  const [recipient, setRecipient] = useState<GiftRecipient>(EMPTY_RECIPIENT);
  const submission = useSubmitMembership();
  const slotsList = useMemo(() => slotsOf(rules, state.levelId), [rules, state.levelId]);
  const level = levels.find((type) => type.id === state.levelId) ?? null;
  const gift = mode === 'gift';
  // a gift asks for the recipient once: they are the level's first member (issue #25)
  const recipientRole = gift ? recipientRoleOf(slotsList) : null;
  const sent = recipientRole ? withRecipientMember(state, recipientRole, recipient) : state;
  const showsMembers = recipientRole ? asksMoreMembers(slotsList, recipientRole) : true;

  const fieldIssues = toIssueMap(
    submission.issues.flatMap((issue) =>
      isReserveKey(issue.messageKey) ? [{ ...issue, messageKey: issue.messageKey }] : [],
    ),
  );
  const messageAt = (fieldId: string): MembershipStringKey | null => {
    const issue = submission.issues.find((i) => i.fieldId === fieldId);
    return issue && !isReserveKey(issue.messageKey) ? issue.messageKey : null;
  };
  const levelMessage = messageAt(LEVEL_FIELD_ID);
  const membersMessage = messageAt(MEMBERS_FIELD_ID);

  const submit = () => {
    const memberIssues = validateMembership(sent, slotsList);
    const issues = [
      ...(gift ? validateRecipient(recipient, ownEmail) : []),
      ...(recipientRole ? withoutRecipientMemberIssues(memberIssues, recipientRole) : memberIssues),
    ];
    submission.submit({
      issues,
      buildBody: () => toMembershipBody(sent, slotsList, promoCodes),
      giftee: gift ? toGifteeBody(recipient) : undefined,
      autoRenew: gift ? null : state.autoRenew,
      next: gift ? CHECKOUT_ROUTE : nextRouteAfterReserve(config),
    });
  };

  return (
    <form
      noValidate
      className={reserveStyles.form}
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        submit();
      }}
    >
      {gift && (
        <GiftRecipientFields
          eventId={eventId}
          recipient={recipient}
          onChange={setRecipient}
          issues={fieldIssues}
          selfGift={messageAt(SELF_GIFT_ID) !== null || submission.failure?.kind === 'self_gift'}
        />
      )}
      <TicketTypeChoice
        id={LEVEL_FIELD_ID}
        legend={t('reserve.membership.level_legend')}
        options={levels}
        value={state.levelId}
        onChange={(id) => setState((current) => chooseLevel(current, id))}
        error={levelMessage && t(levelMessage)}
      />
      {level && slotsList.length > 0 && showsMembers && (
        <fieldset className={reserveStyles.section}>
          <legend className={reserveStyles.sectionHeading}>
            {t('reserve.membership.members_legend')}
          </legend>
          <div id={MEMBERS_FIELD_ID} tabIndex={-1} className={reserveStyles.focusTarget}>
            {slotsList.map((slots) => (
              <RuleMembers
                key={slots.rule.id}
                slots={slots}
                state={state}
                onChange={setState}
                issues={fieldIssues}
                givenFirst={slots.rule.party_role === recipientRole}
              />
            ))}
          </div>
          {membersMessage && (
            <p role="alert" className={reserveStyles.fieldError}>
              {t(membersMessage)}
            </p>
          )}
        </fieldset>
      )}
      {level && !gift && (
        <div className={styles.checkbox}>
          <input
            id="membership-auto-renew"
            type="checkbox"
            checked={state.autoRenew}
            aria-describedby="membership-auto-renew-note"
            onChange={(event) =>
              setState((current) => ({ ...current, autoRenew: event.target.checked }))
            }
          />
          <div>
            <label htmlFor="membership-auto-renew">{t('reserve.membership.auto_renew')}</label>
            <p id="membership-auto-renew-note" className={styles.note}>
              {t('reserve.membership.auto_renew_note')}
            </p>
          </div>
        </div>
      )}
      <MembershipFailureView failure={submission.failure} />
      {submission.codePrompt && (
        <CodePromptDialog
          prompt={submission.codePrompt}
          isSubmitting={submission.isSubmitting}
          onSubmit={submission.submitCode}
          onCancel={submission.cancelCode}
        />
      )}
      {level && (
        <LevelTotal price={level.currency_amount} covered={giftCovers?.[level.id] ?? null} />
      )}
      <Button type="submit" fullWidth disabled={submission.isSubmitting}>
        {submission.isSubmitting
          ? tr('reserve.submitting')
          : t(gift ? 'reserve.membership.gift_submit' : 'reserve.membership.submit')}
      </Button>
    </form>
  );
}
