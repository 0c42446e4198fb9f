import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { TicketType } from '@admit/contracts/resources';
import { discountedPrice } from '@admit/contracts/rules/price-display';
import { showsLowCapacityLabel } from '@admit/contracts/rules/low-capacity';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import { useSellerConfig } from '@/config/seller-config';
import { useShownPrice } from '@/config/use-shown-price';
import { formatMoney } from '@admit/contracts/money';
import { Stepper } from '@/ui/stepper';
import { useStrings } from '@/ui/text/use-strings';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { QUANTITIES_FIELD_ID } from '@/features/reserve/model/form-issues';
import type { MemberCap, Quantities, StepperContext } from '@/features/reserve/model/stepper-rules';
import {
  applyStep,
  decrement,
  increment,
  maxForType,
  totalQuantity,
} from '@/features/reserve/model/stepper-rules';
import type { AnchorMatch } from '@/features/reserve/model/anchor-match';
import { presetQuantities } from '@/features/reserve/model/anchor-match';
import { FieldError } from '@/features/reserve/components/field-error';
import { RuleMessages } from '@/features/reserve/components/rule-messages';
import { passLastDay } from '@/features/reserve/model/pass-validity';
import { formatLongDate } from '@admit/contracts/session-time';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import styles from '@/features/reserve/components/reserve.module.css';

export interface TicketQuantitiesProps {
  groups: readonly TicketGroupWithTypes[];
  /** the chosen session's availableCapacity, or null without a session */
  sessionAvailableCapacity: number | null;
  quantities: Quantities;
  onChange: (quantities: Quantities) => void;
  issues: IssueMap;
  exactlyOne?: boolean;
  /** price per ticket type id when a session has its own (price_schedule) */
  priceOf?: (type: TicketType) => string;
  /** a member's benefit cap (shopping §5) */
  memberCap?: MemberCap | null;
  /** the seller's quantity_message texts the chosen quantities meet (shopping §3) */
  notes?: readonly string[];
  /** the venue's zone, for a pass's last valid day */
  timezone?: string;
  /** an add-on whose tickets follow the admission's (model/anchor-match.ts) */
  anchorMatch?: AnchorMatch | null;
}

/** What a group row says before its steppers: its summary and, for passes, how long they last. */
function GroupInfo({
  group,
  timezone,
}: {
  group: TicketGroupWithTypes['ticketGroup'];
  timezone: string;
}) {
  const t = useStrings(RESERVE_STRINGS);
  const { locale } = useSellerConfig();
  const lastDay = passLastDay(group, timezone);
  const text = group.summary ?? group.description;
  if (!text && !lastDay) return null;
  return (
    <>
      {text && <p className={styles.muted}>{text}</p>}
      {lastDay && (
        <p className={styles.muted}>
          {t('reserve.valid_until', { date: formatLongDate(lastDay, locale) })}
        </p>
      )}
    </>
  );
}

function usePriceLabel() {
  const { currency, locale } = useSellerConfig();
  const t = useStrings(RESERVE_STRINGS);
  const shown = useShownPrice();
  return (type: TicketType, amount: string): ReactNode => {
    const money = (value: string) => formatMoney(value, currency, locale);
    if (type.currency_amount_min !== null && type.currency_amount_max !== null) {
      return t('reserve.price_range', {
        min: money(type.currency_amount_min),
        max: money(type.currency_amount_max),
      });
    }
    // decision 0048: with the fees the seller's prices include
    const discounted = discountedPrice(type, amount);
    if (discounted === null) return money(shown(amount, type));
    // decision 0063: the price paid, then the regular one struck through ("was")
    return (
      <>
        {money(shown(discounted, type))}{' '}
        <s className={styles.wasPrice}>
          <span className="visually-hidden">{t('reserve.was_price')} </span>
          {money(shown(amount, type))}
        </s>
      </>
    );
  };
}

/**
 * Presets an add-on's quantities to the admission's once, while nothing is chosen (decision
 * 0065); the visitor may still change the mix of types within the count.
 */
function useAnchorPreset(
  groups: readonly TicketGroupWithTypes[],
  quantities: Quantities,
  onChange: (quantities: Quantities) => void,
  match: AnchorMatch | null,
) {
  const preset = useRef(false);
  useEffect(() => {
    if (preset.current || !match || totalQuantity(quantities) > 0) return;
    const start = presetQuantities(groups, match);
    preset.current = true;
    if (start) onChange(start);
  }, [groups, quantities, onChange, match]);
}

/** Quantity steppers per ticket group with prices (spec: shopping §2, §5 "Steppers"). */
export function TicketQuantities({
  groups,
  sessionAvailableCapacity,
  quantities,
  onChange,
  issues,
  exactlyOne,
  priceOf = (type) => type.currency_amount,
  memberCap,
  notes = [],
  timezone = 'UTC',
  anchorMatch = null,
}: TicketQuantitiesProps) {
  const t = useStrings(RESERVE_STRINGS);
  const { remaining_capacity_threshold } = useSellerConfig();
  const priceLabel = usePriceLabel();
  const context: StepperContext = {
    groups,
    sessionAvailableCapacity,
    quantities,
    exactlyOne,
    memberCap,
    totalCap: anchorMatch?.count ?? null,
  };
  useAnchorPreset(groups, quantities, onChange, anchorMatch);
  const change = (typeId: string, proposed: number) =>
    onChange({ ...quantities, [typeId]: applyStep(context, typeId, proposed) });

  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionHeading}>{t('reserve.quantities_label')}</legend>
      {/* spec: shopping §2, §9 — the label below the seller's threshold (decision 0124) */}
      {showsLowCapacityLabel(sessionAvailableCapacity, remaining_capacity_threshold) && (
        <p className={styles.lowAvailability}>
          {t('reserve.low_availability', { count: remaining_capacity_threshold })}
        </p>
      )}
      <div id={QUANTITIES_FIELD_ID} tabIndex={-1} className={styles.focusTarget}>
        {groups.map(({ ticketGroup, ticketTypes }) => (
          <div
            key={ticketGroup.id}
            className={styles.group}
            // two groups may sell a type of the same name ("Adult" in Stalls and in Balcony): the
            // group's name tells their steppers apart for assistive technology (WCAG 2.4.6)
            role={groups.length > 1 ? 'group' : undefined}
            aria-labelledby={groups.length > 1 ? `group-name-${ticketGroup.id}` : undefined}
          >
            {groups.length > 1 && (
              <h3 id={`group-name-${ticketGroup.id}`} className={styles.groupName}>
                {ticketGroup.name}
              </h3>
            )}
            <GroupInfo group={ticketGroup} timezone={timezone} />
            {ticketTypes.map((type) => {
              const value = quantities[type.id] ?? 0;
              const available = type.available && ticketGroup.available;
              return (
                <Stepper
                  key={type.id}
                  label={type.name}
                  description={
                    available ? priceLabel(type, priceOf(type)) : t('reserve.type_unavailable')
                  }
                  value={value}
                  max={Math.max(value, maxForType(context, type.id))}
                  nextUp={() => increment(context, type.id)}
                  nextDown={() => decrement(context, type.id)}
                  isDecreaseBlocked={exactlyOne}
                  note={type.description ?? type.summary}
                  isDisabled={!available}
                  onChange={(next) => change(type.id, next)}
                />
              );
            })}
          </div>
        ))}
      </div>
      {anchorMatch && (
        <p className={styles.muted}>
          {anchorMatch.count > 0
            ? t('reserve.anchor_match', { count: String(anchorMatch.count) })
            : t('reserve.anchor_match_none')}
        </p>
      )}
      <RuleMessages messages={notes} />
      <FieldError fieldId={QUANTITIES_FIELD_ID} issues={issues} />
    </fieldset>
  );
}
