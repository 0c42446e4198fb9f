import { queryOptions } from '@tanstack/react-query';
import { staffUsersResponseSchema, type StaffRole, type StaffUser } from '@admit/contracts/office';
import { officeRequest } from '@/features/office/api/office-request';

/**
 * The staff page's calls (issue #27, decision 0093): the list, a new staff user, a change of
 * role or of disabled, a new password. Every write answers the user as they now are; the page
 * reads the list anew.
 */

export const staffUsersQuery = () =>
  queryOptions({
    queryKey: ['office', 'staff_user'],
    queryFn: async ({ signal }): Promise<StaffUser[]> =>
      staffUsersResponseSchema.parse(await officeRequest('staff_user', { signal })).staff_user
        ._data,
  });

/** Answers the user written; `ApiError` 409 when the e-mail is taken. */
async function writeStaff(path: string, method: string, body: unknown): Promise<StaffUser> {
  const answer = await officeRequest(path, { method, body });
  return staffUsersResponseSchema.parse(answer).staff_user._data[0]!;
}

export const addStaffUser = (body: { email: string; password: string; role: StaffRole }) =>
  writeStaff('staff_user', 'POST', body);

/** Role or disabled; the API refuses to leave the seller without an enabled owner. */
export const changeStaffUser = (
  id: string,
  body: { role?: StaffRole; disabled?: boolean; reason?: string },
) => writeStaff(`staff_user/${id}`, 'PATCH', body);

/** A new password: the API ends the user's sessions and clears their two-factor enrolment. */
export const resetStaffPassword = (id: string, body: { password: string; reason?: string }) =>
  writeStaff(`staff_user/${id}/password`, 'POST', body);
