import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatchUserBody } from '@admit/contracts/identity';
import { patchUserRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';
import { MY_USER_QUERY_KEY } from '@/api/user/get-my-user';

/**
 * PATCH my/user/{id} (identity §7 "profile read and update"): the contact fields; the server
 * keeps names and e-mail read-only (decision 0040).
 */
export function updateProfile(userId: string, body: PatchUserBody) {
  return call(patchUserRoute, { params: { userId }, body });
}

/** Saves, then refetches the user (and so refills the profile form with what was stored). */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchUserBody) => updateProfile(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_USER_QUERY_KEY }),
  });
}
