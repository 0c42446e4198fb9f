import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useOfficeErrorText } from './office-error-text';

/**
 * An office write run from a dialog or a row: the API's refusal kept as a sentence
 * (`useOfficeErrorText`) for the caller to show where the write was asked for, cleared when the
 * write runs again.
 */
export function useOfficeAction<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  onSuccess: (result: TResult) => void,
) {
  const errorText = useOfficeErrorText();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn,
    onSuccess,
    onError: (caught) => setError(errorText(caught)),
  });
  const run = (input: TInput) => {
    setError(null);
    mutation.mutate(input);
  };
  return { error, isPending: mutation.isPending, run };
}
