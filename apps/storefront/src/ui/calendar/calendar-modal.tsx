import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import { MonthCalendar } from '@/ui/calendar/month-calendar';
import type { MonthCalendarProps } from '@/ui/calendar/month-calendar';
import { CALENDAR_STRINGS } from '@/ui/calendar/strings';
import styles from '@/ui/calendar/calendar.module.css';

export interface CalendarModalProps extends Omit<MonthCalendarProps, 'autoFocus'> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The "Choose date" modal calendar behind "Show more dates" (shopping §2). Choosing a day
 * selects it and closes the modal; Escape, the backdrop and the close button dismiss it.
 */
export function CalendarModal({ isOpen, onOpenChange, onSelect, ...calendar }: CalendarModalProps) {
  const t = useStrings(CALENDAR_STRINGS);
  return (
    <Modal
      title={t('calendar.choose_date')}
      closeLabel={t('calendar.close')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className={styles.modal}
    >
      <MonthCalendar
        {...calendar}
        autoFocus
        onSelect={(date) => {
          onSelect(date);
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}
