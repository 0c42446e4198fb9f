import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { LAYOUT_STRINGS } from '@/app/layout/strings';

/** Shown while the first route's chunk loads, before the page frame can render. */
export function BootFallback() {
  const t = useStrings(LAYOUT_STRINGS);
  return <Loader label={t('layout.loading')} />;
}
