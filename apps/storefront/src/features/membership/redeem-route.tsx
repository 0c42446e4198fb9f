import { useState } from 'react';
import type { ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GIFT_CODE_LENGTH } from '@admit/contracts/constants';
import type { TicketType } from '@admit/contracts/resources';
import { useEvent } from '@/api/events/get-event';
import { membershipLevelsOf, toEventDetail } from '@/api/events/event-detail';
import type { EventDetail } from '@/api/events/event-detail';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { giftCodeQueryOptions } from '@/features/membership/api/get-gift-code';
import type { GiftCodeState } from '@/features/membership/model/gift-code';
import {
  giftCodeStateOf,
  normalizeGiftCode,
  redeemLevelsOf,
  redeemTextsOf,
} from '@/features/membership/model/gift-code';
import type { MembershipPageStringKey } from '@/features/membership/strings';
import { MEMBERSHIP_PAGE_STRINGS } from '@/features/membership/strings';
import styles from '@/features/membership/membership-pages.module.css';

/** The membership form the app plugs in: the levels to offer and the code paying for them. */
export interface RedeemLevelFormProps {
  event: EventDetail;
  levels: readonly TicketType[];
  promoCodes: readonly string[];
  /** what the gift pays of each level (ticket type id → decimal), from the code's lookup */
  giftCovers?: Readonly<Record<string, string>>;
}

const MESSAGES: Record<Exclude<GiftCodeState, 'valid'>, MembershipPageStringKey> = {
  invalid: 'membership.redeem.invalid',
  expired: 'membership.redeem.expired',
  redeemed: 'membership.redeem.redeemed',
};

const CODE_FIELD_ID = 'gift-code';

/** The membership event's levels for a valid code: at most 3, sorted by discount. */
function RedeemLevels({
  eventId,
  code,
  discounts,
  LevelForm,
}: {
  eventId: string;
  code: string;
  discounts: Parameters<typeof redeemLevelsOf>[1];
  LevelForm: ComponentType<RedeemLevelFormProps>;
}) {
  const t = useStrings(MEMBERSHIP_PAGE_STRINGS);
  const query = useEvent(eventId);
  const event = query.data ? toEventDetail(query.data) : null;
  if (query.isPending) return <Loader label={t('membership.redeem.loading_levels')} />;
  if (!event) {
    return (
      <p role="alert" className={styles.error}>
        {t('membership.redeem.error')}
      </p>
    );
  }
  const levels = redeemLevelsOf(membershipLevelsOf(event), discounts);
  const giftCovers = Object.fromEntries((discounts ?? []).map((d) => [d.ticket_type_id, d.amount]));
  const groupIds = event.ticketGroups
    .filter(({ ticketGroup }) => ticketGroup.handler === 'membership')
    .map(({ ticketGroup }) => ticketGroup.id);
  const texts = redeemTextsOf(query.data?.meta?._data ?? [], groupIds);
  return (
    <>
      {texts.summary && <p className={styles.summary}>{texts.summary}</p>}
      {texts.description && <p>{texts.description}</p>}
      <LevelForm
        event={event}
        levels={levels}
        promoCodes={[code]}
        giftCovers={discounts ? giftCovers : undefined}
      />
    </>
  );
}

/**
 * spec: identity §2 "Redeem gift of membership" — /membership/redeem?gift_code=: the code
 * (exactly 10 characters) is looked up; a valid one offers at most 3 membership levels sorted by
 * discount, and the chosen level goes into the cart paid by the gift, then to /events when
 * upsells are on, else /checkout (the form's next route). Without a membership event, the
 * membership route decides.
 */
export function RedeemRoute({ LevelForm }: { LevelForm: ComponentType<RedeemLevelFormProps> }) {
  const t = useStrings(MEMBERSHIP_PAGE_STRINGS);
  usePageTitle(t('membership.redeem.title'));
  const { membership } = useSellerConfig();
  const [search] = useSearchParams();
  const fromLink = search.get('gift_code') ?? '';
  const [input, setInput] = useState(fromLink);
  const [checked, setChecked] = useState<string | null>(() => normalizeGiftCode(fromLink));
  const [formatError, setFormatError] = useState(false);
  const lookup = useQuery({ ...giftCodeQueryOptions(checked ?? ''), enabled: checked !== null });

  if (!membership.event_id) return <Navigate to="/membership" replace />;

  const state = lookup.isSuccess ? giftCodeStateOf(lookup.data, Date.now()) : null;
  const messageKey = formatError
    ? 'membership.redeem.invalid'
    : state && state !== 'valid'
      ? MESSAGES[state]
      : lookup.isError
        ? 'membership.redeem.error'
        : null;
  const errorId = `${CODE_FIELD_ID}-error`;
  return (
    <div className={styles.page}>
      <h1>{t('membership.redeem.title')}</h1>
      <p>{t('membership.redeem.intro')}</p>
      <form
        noValidate
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const code = normalizeGiftCode(input);
          setFormatError(code === null);
          setChecked(code);
          if (code === null) document.getElementById(CODE_FIELD_ID)?.focus();
        }}
      >
        <div className={styles.field}>
          <label htmlFor={CODE_FIELD_ID}>{t('membership.redeem.code_label')}</label>
          <input
            id={CODE_FIELD_ID}
            value={input}
            required
            minLength={GIFT_CODE_LENGTH}
            maxLength={GIFT_CODE_LENGTH}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setInput(event.target.value)}
            {...(messageKey ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          />
        </div>
        <Button type="submit" disabled={lookup.isFetching}>
          {t('membership.redeem.check')}
        </Button>
      </form>
      {lookup.isFetching && <Loader label={t('membership.redeem.checking')} />}
      {messageKey && (
        <p id={errorId} role="alert" className={styles.error}>
          {t(messageKey)}
        </p>
      )}
      {state === 'valid' && lookup.data && checked && (
        <>
          <p role="status">
            {t('membership.redeem.valid', { code: checked, name: lookup.data.name })}
          </p>
          <RedeemLevels
            eventId={membership.event_id}
            code={checked}
            discounts={lookup.data.discounts}
            LevelForm={LevelForm}
          />
        </>
      )}
    </div>
  );
}
