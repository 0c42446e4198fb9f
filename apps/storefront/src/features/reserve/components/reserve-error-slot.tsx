import { lazy, Suspense } from 'react';
import type { ReserveErrorDialog } from '@/features/reserve/use-submit-reservation';
import type { CodePrompt } from '@/features/reserve/components/code-prompt-dialog';

// react-aria's dialog loads only when an error needs it (first-load budget, decision 0004)
const ReserveErrorDialogView = lazy(() =>
  import('@/features/reserve/components/reserve-error-dialog').then((m) => ({
    default: m.ReserveErrorDialog,
  })),
);
const CodePromptDialogView = lazy(() =>
  import('@/features/reserve/components/code-prompt-dialog').then((m) => ({
    default: m.CodePromptDialog,
  })),
);

/**
 * Where a reserve form shows its dialogs (shopping §8): the retry dialog of an unexpected error,
 * or the code a checkout rule asks for; nothing while there is neither.
 */
export function ReserveErrorSlot({
  submission,
}: {
  submission: {
    errorDialog: ReserveErrorDialog | null;
    retryFailedSubmit: () => void;
    dismissErrorDialog: () => void;
    codePrompt: CodePrompt | null;
    isSubmitting: boolean;
    submitCode: (code: string) => void;
    cancelCode: () => void;
  };
}) {
  if (submission.codePrompt) {
    return (
      <Suspense fallback={null}>
        <CodePromptDialogView
          prompt={submission.codePrompt}
          isSubmitting={submission.isSubmitting}
          onSubmit={submission.submitCode}
          onCancel={submission.cancelCode}
        />
      </Suspense>
    );
  }
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
