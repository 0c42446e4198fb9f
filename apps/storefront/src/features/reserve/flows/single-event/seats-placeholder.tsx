import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { SINGLE_EVENT_STRINGS } from '@/features/reserve/flows/single-event/single-event-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

export const FIND_SEATS_ID = 'reserve-find-seats';

/**
 * Where the seat map opens for seated groups (shopping §2 "Seat map"). The map is the seats
 * issue's; until then the button shows, disabled, so the page's order and message are real.
 */
export function SeatsPlaceholder({ showMessage }: { showMessage: boolean }) {
  const t = useStrings(SINGLE_EVENT_STRINGS);
  return (
    <div className={reserveStyles.section}>
      <Button
        id={FIND_SEATS_ID}
        variant="secondary"
        aria-disabled="true"
        aria-describedby={showMessage ? `${FIND_SEATS_ID}-message` : undefined}
        onClick={() => {}}
      >
        {t('reserve.single_event.find_seats')}
      </Button>
      {showMessage && (
        <p id={`${FIND_SEATS_ID}-message`} role="alert" className={reserveStyles.fieldError}>
          {t('reserve.single_event.click_find_seats')}
        </p>
      )}
    </div>
  );
}
