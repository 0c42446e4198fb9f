import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import { decimalToMinor, minorToDecimal, formatMoney } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import { acceptCartBundle, modifyCart } from '@/api/cart/modify-cart';
import { removeFromCart } from '@/api/cart/remove-from-cart';
import { useTicketGroup } from '@/features/checkout/api/get-ticket-group';
import { Button } from '@/ui/button';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import {
  donationTickets,
  isFlexibleAmount,
  toDonationValue,
  validateDonationAmount,
  type DonationMessage,
} from '@/features/checkout/model/donation';
import checkoutStyles from '@/features/checkout/checkout.module.css';
import styles from '@/features/checkout/components/donation-section.module.css';

export interface DonationSectionProps {
  bundle: CartBundle;
  /** the cart can still change (pending, not expired) */
  modifiable: boolean;
}

const sumMinor = (values: string[]) => values.reduce((sum, v) => sum + decimalToMinor(v), 0);

type Change = { add: { typeId: string; faceValue: string } } | { remove: string[] };

/** Adds or removes the donation with the cart calls; the answer refreshes every cart view. */
function useDonationChange(cartId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => {
      if ('remove' in change) return removeFromCart(cartId, change.remove);
      // an any-date type: no session (contracts cart.ts "omitted only for any-date types")
      const body: CartModifyBody = {
        add: [
          {
            ticket_types_required: [
              { ticket_type_id: change.add.typeId, quantity: 1, face_value: change.add.faceValue },
            ],
          },
        ],
      };
      return modifyCart(cartId, body);
    },
    onSuccess: (answer) => acceptCartBundle(queryClient, answer),
  });
}

function OtherAmount({
  type,
  onAdd,
  busy,
}: {
  type: TicketType;
  onAdd: (v: string) => void;
  busy: boolean;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const { currency, locale } = useSellerConfig();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<DonationMessage | null>(null);
  const { currency_amount_min: min, currency_amount_max: max } = type;
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const submit = () => {
    const invalid = validateDonationAmount(value, type);
    setError(invalid);
    if (!invalid) onAdd(toDonationValue(value));
  };
  return (
    <div className={styles.other}>
      <div className={styles.field}>
        <label htmlFor={id}>
          {t('checkout.donation.other')} ({currency})
        </label>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={min ?? undefined}
          max={max ?? undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? `${id}-error` : min !== null && max !== null ? `${id}-hint` : undefined
          }
        />
        {min !== null && max !== null && (
          <p id={`${id}-hint`} className={styles.muted}>
            {t('checkout.donation.range', { min: money(min), max: money(max) })}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {t(error.key, {
              min: error.min ? money(error.min) : '',
              max: error.max ? money(error.max) : '',
            })}
          </p>
        )}
      </div>
      <Button variant="secondary" onClick={submit} disabled={busy}>
        {t('checkout.donation.other-add')}
      </Button>
    </div>
  );
}

/**
 * The donation upsell (identity §2 Checkout "donation"): the configured donation group's
 * amounts as buttons, plus a flexible amount when a type allows it; a donation already in the
 * cart shows as chosen with a remove button. Hidden while the group cannot be loaded: the
 * upsell is optional and never blocks paying.
 */
export function DonationSection({ bundle, modifiable }: DonationSectionProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const config = useSellerConfig();
  const groupId = config.checkout.donation_group_id;
  const group = useTicketGroup(groupId);
  const cart = bundle.cart._data[0];
  const change = useDonationChange(cart?.id ?? '');
  if (!groupId || !cart || !group.data) return null;
  const types = (group.data.ticket_type?._data ?? []).filter(
    (type) => type.ticket_group_id === groupId && type.available,
  );
  const chosen = donationTickets(bundle, groupId);
  if (types.length === 0 && chosen.length === 0) return null;
  if (!modifiable && chosen.length === 0) return null;
  const money = (amount: string) => formatMoney(amount, config.currency, config.locale);
  const add = (typeId: string, faceValue: string) => change.mutate({ add: { typeId, faceValue } });

  return (
    <section className={checkoutStyles.section} aria-labelledby="checkout-donation-heading">
      <h2 id="checkout-donation-heading">{t('checkout.donation.heading')}</h2>
      {group.data.ticket_group._data[0]?.summary && (
        <p className={styles.muted}>{group.data.ticket_group._data[0].summary}</p>
      )}
      {chosen.length > 0 ? (
        <div className={styles.chosen}>
          <p role="status">
            {t('checkout.donation.added', {
              amount: money(minorToDecimal(sumMinor(chosen.map((ticket) => ticket.face_value)))),
            })}
          </p>
          {modifiable && (
            <Button
              variant="secondary"
              disabled={change.isPending}
              onClick={() => change.mutate({ remove: chosen.map((ticket) => ticket.id) })}
            >
              {t('checkout.donation.remove')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <div className={styles.amounts}>
            {types.map((type) => (
              <Button
                key={type.id}
                variant="secondary"
                disabled={change.isPending}
                onClick={() => add(type.id, type.currency_amount)}
              >
                {t('checkout.donation.give', { amount: money(type.currency_amount) })}
              </Button>
            ))}
          </div>
          {types.filter(isFlexibleAmount).map((type) => (
            <OtherAmount
              key={type.id}
              type={type}
              busy={change.isPending}
              onAdd={(value) => add(type.id, value)}
            />
          ))}
        </>
      )}
      {change.isError && (
        <p role="alert" className={styles.error}>
          {t('checkout.donation.error')}
        </p>
      )}
    </section>
  );
}
