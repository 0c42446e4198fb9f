import { useId } from 'react';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { Button, ButtonLink } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import type { ManageStringKey } from '@/features/manage/strings';
import { SessionTickets } from '@/features/manage/components/session-tickets';
import { isMovable, isSelectable, sessionNote } from '@/features/manage/model/manage-view';
import type { ManageSession, ManageTicket } from '@/features/manage/model/manage-view';
import styles from '@/features/manage/manage.module.css';

const LABELS: Record<NonNullable<ManageTicket['label']>, ManageStringKey> = {
  redeemed: 'manage.label.redeemed',
  cancelled: 'manage.label.cancelled',
  past_event: 'manage.label.past_event',
};

/** A ticket's label (identity §2: Redeemed, Cancelled, Past Event) and what the edit does to it. */
function TicketStatus({
  ticket,
  name,
  onUndo,
  busy,
}: {
  ticket: ManageTicket;
  name: string;
  onUndo: (ticketId: string) => void;
  busy: boolean;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const { currency, locale } = useSellerConfig();
  const change = ticket.change;
  return (
    <>
      {ticket.label && <span className={styles.label}>{t(LABELS[ticket.label])}</span>}
      {change && (
        <>
          <span className={styles.change}>
            {change.kind === 'cancel'
              ? t('manage.change.cancel')
              : t('manage.change.move', {
                  when: change.when ?? t('manage.any-date'),
                  type: change.typeName,
                  price: formatMoney(change.price, currency, locale),
                })}
          </span>
          <Button
            variant="link"
            aria-label={t('manage.change.undo-label', { ticket: name })}
            disabled={busy}
            onClick={() => onUndo(ticket.id)}
          >
            {t('manage.change.undo')}
          </Button>
        </>
      )}
    </>
  );
}

/**
 * One session of the order on the manage page (identity §2 "Manage order"): its tickets with
 * prices, labels and checkboxes to cancel, what the open edit does to them with an Undo, and
 * "Reschedule" while the session is editable (§4). A session nothing can change says why.
 */
export function ManageSessionCard({
  session,
  selected,
  onSelect,
  onUndo,
  rescheduleTo,
  followsAdmission = false,
  busy,
}: {
  session: ManageSession;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onUndo: (ticketId: string) => void;
  rescheduleTo: string;
  /** an add-on whose tickets follow the admission's (decision 0092): say it before a cancel */
  followsAdmission?: boolean;
  busy: boolean;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const headingId = useId();
  const note = sessionNote(session);
  const canMove = session.editable && session.tickets.some(isMovable);
  const when = session.when ?? t('manage.any-date');
  return (
    <section aria-labelledby={headingId} className={styles.session}>
      <h2 id={headingId}>{session.eventName}</h2>
      <p>{when}</p>
      <SessionTickets
        session={session}
        tickets={session.tickets}
        selectable={isSelectable}
        selected={selected}
        onSelect={onSelect}
        isDisabled={busy}
        after={(ticket, name) => (
          <TicketStatus ticket={ticket} name={name} onUndo={onUndo} busy={busy} />
        )}
      />
      {followsAdmission && (
        <p className={styles.muted}>{t('manage.add-on-follows', { event: session.eventName })}</p>
      )}
      {note && (
        <p className={styles.muted}>
          {t(note === 'too-close' ? 'manage.too-close' : 'manage.contact-to-reschedule')}
        </p>
      )}
      {canMove && (
        <div className={styles.actions}>
          <ButtonLink
            variant="secondary"
            to={rescheduleTo}
            aria-label={t('manage.reschedule-visit', { event: session.eventName, when })}
          >
            {t('manage.reschedule')}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
