import { Link, Navigate } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { ButtonLink } from '@/ui/button';
import { useSellerConfig } from '@/config/seller-config';
import { usePageTitle } from '@/ui/page-title';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { useStrings } from '@/ui/text/use-strings';
import { HOME_STRINGS } from '@/features/home/strings';
import styles from '@/features/home/home-route.module.css';

type HomeBlock = SellerConfig['home_block_order'][number];

const DEFAULT_BLOCK_ORDER: HomeBlock[] = ['login', 'join', 'guest'];

/**
 * Where each home block leads: the login path from config; join → the membership event (the
 * membership route decides when there is none: an external address or the unavailable message);
 * guest → /events.
 */
function blockTarget(block: HomeBlock, config: SellerConfig): string {
  if (block === 'login') return config.login_path;
  if (block === 'join') {
    const eventId = config.membership.event_id;
    return eventId && !config.membership.external_url
      ? `/events/${encodeURIComponent(eventId)}`
      : '/membership';
  }
  return '/events';
}

/** spec: identity §2 Home */
export function HomeRoute() {
  const config = useSellerConfig();
  const isLoggedIn = useIsLoggedIn();
  const t = useStrings(HOME_STRINGS);
  usePageTitle(t('home.title'));

  if (isLoggedIn) return <Navigate to="/events" replace />;
  if (!config.membership.presell) {
    const target = config.admission_event_id ? `/events/${config.admission_event_id}` : '/events';
    return <Navigate to={target} replace />;
  }

  const order = config.home_block_order.length > 0 ? config.home_block_order : DEFAULT_BLOCK_ORDER;
  const blocks = order.filter((block, index) => order.indexOf(block) === index);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('home.title')}</h1>
        <p className={styles.intro}>{t('home.intro')}</p>
      </header>
      <ul className={styles.blocks}>
        {blocks.map((block) => (
          <li key={block} className={styles.block} data-block={block}>
            <h2>{t(`home.${block}.title`)}</h2>
            <p>{t(`home.${block}.body`)}</p>
            <ButtonLink
              to={blockTarget(block, config)}
              variant={block === 'guest' ? 'secondary' : 'primary'}
            >
              {t(`home.${block}.action`)}
            </ButtonLink>
          </li>
        ))}
      </ul>
      <p className={styles.resend}>
        <Link to="/resend">{t('home.resend')}</Link>
      </p>
    </div>
  );
}
