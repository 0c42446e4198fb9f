import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import { sanitizeDescription, truncatedText } from '@/features/event/model/sanitize-description';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import styles from '@/features/event/components/event-description.module.css';

// the dialog and its focus handling load when a phone visitor first opens it, not with the page
const Modal = lazy(() => import('@/ui/modal').then((m) => ({ default: m.Modal })));

interface EventDescriptionProps {
  /** seller-authored HTML */
  html: string;
  /** the modal's title: the event name */
  title: string;
}

/**
 * The event description: in full on wide screens; on phones a short teaser with a "More"
 * button that opens the description modal (shopping §2). The modal only exists in the mobile
 * layout, so it closes when a resize hides the button (shopping §2 "Modals stack").
 */
export function EventDescription({ html, title }: EventDescriptionProps) {
  const t = useStrings(EVENT_STRINGS);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [isModalOpen, setModalOpen] = useState(false);
  const safeHtml = useMemo(() => sanitizeDescription(html), [html]);
  const teaser = useMemo(() => truncatedText(html), [html]);

  if (!isMobile || !teaser.truncated) {
    return <div className={styles.description} dangerouslySetInnerHTML={{ __html: safeHtml }} />;
  }
  return (
    <div className={styles.teaser}>
      <p className={styles.teaserText}>{teaser.text}</p>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setModalOpen(true)}>
        {t('event.more')}
      </Button>
      {isModalOpen && (
        <Suspense fallback={null}>
          <Modal
            title={title}
            isOpen={isModalOpen}
            onOpenChange={setModalOpen}
            closeLabel={t('event.close')}
          >
            <div className={styles.description} dangerouslySetInnerHTML={{ __html: safeHtml }} />
          </Modal>
        </Suspense>
      )}
    </div>
  );
}
