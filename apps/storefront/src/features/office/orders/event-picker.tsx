import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import type { Key } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import { useStrings } from '@/ui/text/use-strings';
import { officeEventsQuery } from '@/features/office/orders/api/office-orders';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';
import formStyles from '@/ui/form.module.css';
import styles from './event-picker.module.css';

/**
 * The order search's event (decision 0095): a combo box over every event of the seller
 * (`GET /api/office/event_template`, members-only and link-only ones too), typed to filter.
 * Without the list (still loading, or refused) the field stays, empty.
 */
export function EventPicker(props: {
  selected: string | null;
  onChange: (eventTemplateId: string | null) => void;
}) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const events = useQuery(officeEventsQuery()).data?.event_template._data ?? [];
  return (
    <ComboBox
      className={formStyles.field}
      defaultItems={events}
      selectedKey={props.selected}
      onSelectionChange={(key: Key | null) => props.onChange(key === null ? null : String(key))}
      menuTrigger="focus"
    >
      <Label>{t('office.orders.field.event')}</Label>
      <div className={styles.control}>
        <Input className={styles.input} />
        <Button className={styles.toggle} aria-label={t('office.orders.event.show')}>
          ▾
        </Button>
      </div>
      <Popover className={styles.popover}>
        <ListBox className={styles.list} renderEmptyState={() => t('office.orders.event.none')}>
          {(event: (typeof events)[number]) => (
            <ListBoxItem id={event.id} textValue={event.name} className={styles.option}>
              {event.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
