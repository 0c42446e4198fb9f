import { GIFT_MESSAGE_MAX } from '@admit/contracts/constants';
import { Link } from 'react-router';
import { useStrings } from '@/ui/text/use-strings';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { TextField } from '@/features/reserve/components/admit-fields';
import type { GiftRecipient } from '@/features/reserve/flows/membership/gift-recipient';
import { recipientFieldId, SELF_GIFT_ID } from '@/features/reserve/flows/membership/gift-recipient';
import { MEMBERSHIP_STRINGS } from '@/features/reserve/flows/membership/membership-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/membership/membership.module.css';

export interface GiftRecipientFieldsProps {
  eventId: string;
  recipient: GiftRecipient;
  onChange: (recipient: GiftRecipient) => void;
  issues: IssueMap;
  /** the self-gift message shows (shopping §5) */
  selfGift: boolean;
}

/** spec: shopping §5 — the gift recipient form and the self-gift message. */
export function GiftRecipientFields({
  eventId,
  recipient,
  onChange,
  issues,
  selfGift,
}: GiftRecipientFieldsProps) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  const field = (part: keyof GiftRecipient) => ({
    id: recipientFieldId(part),
    value: recipient[part],
    onChange: (value: string) => onChange({ ...recipient, [part]: value }),
    issues,
    optional: false,
  });
  const messageId = recipientFieldId('message');
  return (
    <fieldset className={reserveStyles.section}>
      <legend className={reserveStyles.sectionHeading}>
        {t('reserve.membership.recipient_legend')}
      </legend>
      <div className={reserveStyles.fieldRow}>
        <TextField
          {...field('first')}
          label={t('reserve.membership.recipient_first_name')}
          autoComplete="off"
        />
        <TextField
          {...field('last')}
          label={t('reserve.membership.recipient_last_name')}
          autoComplete="off"
        />
      </div>
      <TextField
        {...field('email')}
        type="email"
        label={t('reserve.membership.recipient_email')}
        autoComplete="off"
      />
      <div className={reserveStyles.field}>
        <label htmlFor={messageId}>{t('reserve.membership.recipient_message')}</label>
        <textarea
          id={messageId}
          rows={3}
          maxLength={GIFT_MESSAGE_MAX}
          value={recipient.message}
          onChange={(event) => onChange({ ...recipient, message: event.target.value })}
        />
      </div>
      {selfGift && (
        <div id={SELF_GIFT_ID} tabIndex={-1} role="alert" className={styles.selfGift}>
          <p>{t('reserve.membership.self_gift')}</p>
          <p className={styles.links}>
            <Link to={`/events/${eventId}`}>{t('reserve.membership.self_gift_buy')}</Link>
            <Link to={`/events/${eventId}/renew`}>{t('reserve.membership.self_gift_renew')}</Link>
          </p>
        </div>
      )}
    </fieldset>
  );
}
