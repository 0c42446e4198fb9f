import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { Modal } from '@/ui/modal';
import { usePageTitle } from '@/ui/page-title';
import { Stepper } from '@/ui/stepper';
import { FormTextField } from '@/ui/text-field';
import { MonthCalendar } from '@/ui/calendar/month-calendar';
import { todayIn } from '@/ui/calendar/calendar-days';
import { useStrings } from '@/ui/text/use-strings';
import { SeatLegend } from '@/features/seats/map/seat-legend';
import { SEAT_MAP_STRINGS } from '@/features/seats/map/seat-map-strings';
import { CartContents } from '@/features/cart/components/cart-contents';
import { CartTotals } from '@/features/cart/components/cart-totals';
import { CART_STRINGS } from '@/features/cart/strings';
import { SAMPLE_CART_FEES, sampleCalendarDays } from '@/app/stories/sample-props';
import { STORIES_STRINGS } from '@/app/stories/stories-strings';
import { ScreenStories } from '@/app/stories/screen-stories';
import { Story } from '@/app/stories/story';
import { ThemeSwitch } from '@/app/stories/theme-switch';
import styles from '@/app/stories/stories-route.module.css';

function FieldStories() {
  const t = useStrings(STORIES_STRINGS);
  const { register } = useForm<{ name: string; email: string }>({
    defaultValues: { name: 'Ada Lovelace', email: 'ada@' },
  });
  const [count, setCount] = useState(2);
  return (
    <Story title={t('stories.fields')}>
      <FormTextField
        id="story-name"
        label={t('stories.field.name')}
        registration={register('name')}
      />
      <FormTextField
        id="story-email"
        label={t('stories.field.email')}
        registration={register('email')}
        errorText={t('stories.field.email_error')}
      />
      <Stepper
        label={t('stories.stepper')}
        description={t('stories.stepper_description')}
        value={count}
        max={10}
        onChange={setCount}
      />
    </Story>
  );
}

function DialogStory() {
  const t = useStrings(STORIES_STRINGS);
  const [open, setOpen] = useState(false);
  return (
    <Story title={t('stories.dialogs')}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('stories.dialog.open')}
      </Button>
      <Modal
        title={t('stories.dialog.title')}
        isOpen={open}
        onOpenChange={setOpen}
        closeLabel={t('stories.dialog.close')}
      >
        <p>{t('stories.dialog.body')}</p>
      </Modal>
    </Story>
  );
}

function CartStories() {
  const t = useStrings(STORIES_STRINGS);
  const cart = useStrings(CART_STRINGS);
  return (
    <Story title={t('stories.cart')}>
      <h3>{t('stories.cart.empty')}</h3>
      {/* the real widget's contents: without a held cart, its empty state */}
      <CartContents />
      <h3>{t('stories.cart.loading')}</h3>
      <Loader label={cart('cart.loading')} />
      <h3>{t('stories.cart.totals')}</h3>
      <CartTotals fees={SAMPLE_CART_FEES} />
    </Story>
  );
}

function CalendarStory() {
  const t = useStrings(STORIES_STRINGS);
  const { timezone } = useSellerConfig();
  const days = useMemo(() => sampleCalendarDays(todayIn(timezone)), [timezone]);
  const [value, setValue] = useState<string | null>(null);
  return (
    <Story title={t('stories.calendar')}>
      <MonthCalendar days={days} value={value} onSelect={setValue} timezone={timezone} showPrices />
    </Story>
  );
}

/**
 * spec: identity §2 — "/_stories | Developer viewer, exists only outside production": the `ui/`
 * components, a few features' parts and the spec's screens in their states, with sample props
 * and no database, in either demo theme. A chunk of its own, never in the first load
 * (first-load-check.ts `NOT_IN_FIRST_LOAD`); decisions 0068, 0081.
 */
export function StoriesRoute() {
  const t = useStrings(STORIES_STRINGS);
  usePageTitle(t('stories.title'));
  return (
    <div className={styles.page}>
      <h1>{t('stories.title')}</h1>
      <p>{t('stories.intro')}</p>
      <ThemeSwitch>
        <StoryList />
      </ThemeSwitch>
    </div>
  );
}

function StoryList() {
  const t = useStrings(STORIES_STRINGS);
  const seats = useStrings(SEAT_MAP_STRINGS);
  return (
    <>
      <Story title={t('stories.buttons')}>
        <div className={styles.row}>
          <Button>{t('stories.button.primary')}</Button>
          <Button variant="secondary">{t('stories.button.secondary')}</Button>
          <Button variant="link">{t('stories.button.link')}</Button>
          <Button disabled>{t('stories.button.disabled')}</Button>
        </div>
        <Loader label={t('stories.loader')} />
      </Story>
      <FieldStories />
      <DialogStory />
      <Story title={t('stories.seats')}>
        <SeatLegend title={seats('seat_map.legend')} text={(look) => seats(`seat_map.${look}`)} />
      </Story>
      <CartStories />
      <CalendarStory />
      <ScreenStories />
    </>
  );
}
