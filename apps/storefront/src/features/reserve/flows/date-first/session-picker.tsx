import { useState } from 'react';
import type { PricedSession } from '@admit/contracts/availability';
import { useSellerConfig } from '@/config/seller-config';
import { usePricesShown } from '@/config/use-shown-price';
import { formatMoney } from '@admit/contracts/money';
import { useStrings } from '@/ui/text/use-strings';
import { useRovingFocus } from '@/ui/use-roving-focus';
import { FieldError } from '@/features/reserve/components/field-error';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { SessionTab, SessionTabSpec } from '@/features/reserve/model/session-tabs';
import {
  initialTabIndex,
  isSessionSoldOut,
  splitIntoTabs,
} from '@/features/reserve/model/session-tabs';
import { formatSessionTime } from '@admit/contracts/session-time';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/date-first/date-first.module.css';

export const SESSION_FIELD_ID = fieldId('session');

interface SessionPickerProps {
  sessions: readonly PricedSession[];
  value: string | null;
  onSelect: (sessionId: string) => void;
  timezone: string;
  tabSpecs: readonly SessionTabSpec[];
  showPrices: boolean;
  issues: IssueMap;
  /** the seller's session_annotation messages of a session (shopping §3 "Message rules") */
  annotationsOf?: (session: PricedSession) => readonly string[];
  /** a session's price as the event's `web.price_display` reads it; null: the lowest price */
  priceLabelOf?: (session: PricedSession) => string | null;
  /** the event's `web.price_display` message, read with the prices */
  priceNote?: string | null;
}

function TabList({
  tabs,
  selected,
  onSelect,
}: {
  tabs: SessionTab[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const t = useStrings(DATE_FIRST_STRINGS);
  // the tabs pattern: one Tab stop, the arrow keys move and select (decision 0031)
  const roving = useRovingFocus(tabs.length, selected, onSelect);
  return (
    <div
      role="tablist"
      aria-label={t('reserve.session_legend')}
      className={styles.tabs}
      {...roving.groupProps}
    >
      {tabs.map((tab, index) => (
        <button
          key={tab.label}
          {...roving.itemProps(index)}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={index === selected}
          aria-controls={SESSION_FIELD_ID}
          onClick={() => onSelect(index)}
        >
          <span>{tab.label}</span>
          {tab.status === 'not_available' && (
            <span className={styles.muted}>{t('reserve.tab_not_available')}</span>
          )}
          {tab.status === 'sold_out' && (
            <span className={styles.muted}>{t('reserve.tab_sold_out')}</span>
          )}
        </button>
      ))}
    </div>
  );
}

/**
 * A session chip's price: the one price when every type costs the same, else "from" the
 * cheapest, so a chip never passes a child's price off as the adult's (decision 0029).
 */
function sessionPriceLabel(
  session: { price: string | null; minPrice: string | null; maxPrice: string | null },
  money: (amount: string) => string,
  t: ReturnType<typeof useStrings<typeof DATE_FIRST_STRINGS>>,
): string {
  const lowest = session.minPrice ?? session.price ?? '0';
  const ranged = session.maxPrice !== null && Number(session.maxPrice) > Number(lowest);
  return ranged ? t('reserve.session_price_from', { price: money(lowest) }) : money(lowest);
}

/**
 * The sessions of the chosen day (spec: shopping §2): times in the venue's zone, optional prices,
 * sold-out sessions disabled, split into the configured tabs when there are any.
 */
export function SessionPicker({
  sessions,
  value,
  onSelect,
  timezone,
  tabSpecs,
  showPrices: pricesWanted,
  issues,
  annotationsOf = () => [],
  priceLabelOf = () => null,
  priceNote = null,
}: SessionPickerProps) {
  const t = useStrings(DATE_FIRST_STRINGS);
  const { currency, locale } = useSellerConfig();
  // decision 0081: the seller's price display setting may keep prices off the sessions
  const showPrices = usePricesShown('sessions') && pricesWanted;
  const tabs = tabSpecs.length ? splitIntoTabs(sessions, tabSpecs, timezone) : [];
  const [tabIndex, setTabIndex] = useState(() => initialTabIndex(tabs, value));
  const shown = tabs.length ? (tabs[tabIndex]?.sessions ?? []) : sessions;
  return (
    <fieldset className={reserveStyles.section}>
      <legend className={reserveStyles.sectionHeading}>{t('reserve.session_legend')}</legend>
      {showPrices && priceNote && <p className={reserveStyles.muted}>{priceNote}</p>}
      {tabs.length > 0 && <TabList tabs={tabs} selected={tabIndex} onSelect={setTabIndex} />}
      <div
        id={SESSION_FIELD_ID}
        tabIndex={-1}
        role={tabs.length ? 'tabpanel' : undefined}
        className={`${styles.sessions} ${reserveStyles.focusTarget}`}
      >
        {shown.length === 0 && <p className={reserveStyles.muted}>{t('reserve.no_times')}</p>}
        {shown.map((session) => {
          const soldOut = isSessionSoldOut(session);
          return (
            <label key={session.id} className={styles.session}>
              <input
                type="radio"
                name="event-session"
                value={session.id}
                checked={session.id === value}
                disabled={soldOut}
                onChange={() => onSelect(session.id)}
              />
              <span>{formatSessionTime(session.start_datetime, timezone, locale)}</span>
              {annotationsOf(session).map((annotation) => (
                <span key={annotation} className={reserveStyles.annotation}>
                  {annotation}
                </span>
              ))}
              {soldOut ? (
                <span className={styles.muted}>{t('reserve.session_sold_out')}</span>
              ) : (
                showPrices &&
                session.price !== null && (
                  <span className={styles.muted}>
                    {priceLabelOf(session) ??
                      sessionPriceLabel(
                        session,
                        (amount) => formatMoney(amount, currency, locale),
                        t,
                      )}
                  </span>
                )
              )}
            </label>
          );
        })}
      </div>
      <FieldError fieldId={SESSION_FIELD_ID} issues={issues} />
    </fieldset>
  );
}
