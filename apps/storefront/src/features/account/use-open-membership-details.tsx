import { lazy, Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { storefrontPath } from '@/config/router-base';
import { useSellerConfig } from '@/config/seller-config';
import { StackNavigationProvider } from '@/ui/app-link';
import { Button } from '@/ui/button';
import type { ButtonVariant } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { useModalStack } from '@/ui/modal-stack';
import { useStrings } from '@/ui/text/use-strings';
import { useAccountSlots } from '@/features/account/account-slots';
import { MEMBERSHIP_DIALOG_STRINGS } from '@/features/account/membership-dialog-strings';
import { MEMBERSHIP_DIALOG } from '@/features/account/modal-names';

// the details, their cards and wallet links load when the modal first opens (first load small)
const MembershipDetailsDialog = lazy(() =>
  import('@/features/account/membership-details-dialog').then((m) => ({
    default: m.MembershipDetailsDialog,
  })),
);

/**
 * Opens the membership details modal on the modal stack (shopping §2 "Modals", identity §2
 * "My membership details"; decision 0080). The stack renders outside the router, so the
 * navigation of the modal's links (renew, cancel auto-renew, give) is captured here, where the
 * router is: a link closes the modal, then goes.
 */
export function useOpenMembershipDetails(): () => void {
  const { open } = useModalStack();
  const navigate = useNavigate();
  const config = useSellerConfig();
  const t = useStrings(MEMBERSHIP_DIALOG_STRINGS);
  // read here, inside the app's providers: the stack's content is drawn by the stack's host
  const { cardEntry } = useAccountSlots();
  return useCallback(() => {
    open({
      name: MEMBERSHIP_DIALOG,
      title: t('account.membership.title'),
      closeLabel: t('account.membership.close'),
      content: (close) => (
        <StackNavigationProvider
          value={{
            go: (to) => {
              close();
              void navigate(to);
            },
            href: (to) => storefrontPath(config, to),
          }}
        >
          <Suspense fallback={<Loader label={t('account.membership.loading')} />}>
            <MembershipDetailsDialog cardEntry={cardEntry} />
          </Suspense>
        </StackNavigationProvider>
      ),
    });
  }, [cardEntry, config, navigate, open, t]);
}

/** "View membership details": the modal's opener where a member looks for it (decision 0080). */
export function ViewMembershipDetailsButton({
  variant = 'secondary',
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  const t = useStrings(MEMBERSHIP_DIALOG_STRINGS);
  const openDetails = useOpenMembershipDetails();
  return (
    <Button variant={variant} className={className} aria-haspopup="dialog" onClick={openDetails}>
      {t('account.membership.view_details')}
    </Button>
  );
}
