import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetEmailBody, UserResponse } from '@admit/contracts/identity';
import { setEmailRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';
import { MY_USER_QUERY_KEY } from '@/api/user/get-my-user';

/** PUT my/user/email (identity §5 "Set e-mail"): only for users without a valid e-mail; 409 conflict. */
export function setEmail(body: SetEmailBody): Promise<UserResponse> {
  return call(setEmailRoute, { body });
}

export function useSetEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmail,
    // not awaited: the caller returns to the previous route without waiting for the refetch
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MY_USER_QUERY_KEY }),
  });
}
