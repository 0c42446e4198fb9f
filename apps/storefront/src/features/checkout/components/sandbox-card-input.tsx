import { useImperativeHandle, useRef, useState } from 'react';
import type { SandboxCardBody } from '@admit/contracts/checkout';
import { CardFields } from '@/features/checkout/components/card-fields';
import { EMPTY_CARD, parseCard } from '@/features/checkout/model/card-form';
import type { CardErrors, CardValues } from '@/features/checkout/model/card-form';
import type { CardInputProps } from '@/features/checkout/model/card-input';
import { useCardToken } from '@/features/checkout/use-card-token';

/**
 * The sandbox gateway's card fields behind the `CardInput` interface (decision 0019, 0022);
 * without `askZip` the billing ZIP comes from the purchaser form (decision 0031).
 */
export function SandboxCardInput({
  inputRef,
  askZip,
}: Pick<CardInputProps, 'inputRef'> & { askZip: boolean }) {
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const { tokenFor, forget } = useCardToken();
  const checked = useRef<SandboxCardBody | null>(null);

  useImperativeHandle(
    inputRef,
    () => ({
      validate() {
        const parsed = parseCard(card, new Date());
        checked.current = 'body' in parsed ? parsed.body : null;
        setErrors('errors' in parsed ? parsed.errors : {});
        return checked.current !== null;
      },
      paymentMethod(billing) {
        if (!checked.current) return Promise.reject(new Error('validate the card first'));
        const zip = askZip ? undefined : billing?.postalCode;
        return tokenFor(zip ? { ...checked.current, zip } : checked.current);
      },
      forget,
      clear() {
        setCard(EMPTY_CARD);
        setErrors({});
      },
    }),
    [card, tokenFor, forget, askZip],
  );

  return <CardFields values={card} errors={errors} onChange={setCard} askZip={askZip} />;
}
