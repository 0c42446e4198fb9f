import { lazy, Suspense } from 'react';
import type { ReserveErrorDialog } from '@/features/reserve/use-submit-reservation';

// react-aria's dialog loads only when an error needs it (first-load budget, decision 0004)
const ReserveErrorDialogView = lazy(() =>
  import('@/features/reserve/components/reserve-error-dialog').then((m) => ({
    default: m.ReserveErrorDialog,
  })),
);

/** Where a reserve form shows its retry dialog (shopping §8); nothing while there is none. */
export function ReserveErrorSlot({
  submission,
}: {
  submission: {
    errorDialog: ReserveErrorDialog | null;
    retryFailedSubmit: () => void;
    dismissErrorDialog: () => void;
  };
}) {
  if (!submission.errorDialog) return null;
  return (
    <Suspense fallback={null}>
      <ReserveErrorDialogView
        description={submission.errorDialog.description}
        onRetry={submission.retryFailedSubmit}
        onCancel={submission.dismissErrorDialog}
      />
    </Suspense>
  );
}
