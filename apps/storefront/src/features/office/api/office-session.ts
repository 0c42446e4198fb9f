import { queryOptions } from '@tanstack/react-query';
import type { OfficeSessionResponse, StaffRole } from '@admit/contracts/office';
import { ApiError } from '@/api/client';
import { officeRequest } from '@/features/office/api/office-request';

/** The signed-in staff user as the office's pages read it. */
export interface OfficeStaff {
  id: string;
  email: string;
  name?: string;
  role: StaffRole;
}

const staffOf = (answer: OfficeSessionResponse): OfficeStaff | null => {
  const user = answer.staff_user._data[0];
  return user ? { id: user.id, email: user.email, role: user.role } : null;
};

/** GET /api/office/me: the staff user, or null when no office session is signed in (401). */
export async function getOfficeStaff(signal?: AbortSignal): Promise<OfficeStaff | null> {
  try {
    return staffOf(await officeRequest<OfficeSessionResponse>('me', { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const officeStaffQuery = () =>
  queryOptions({
    queryKey: ['office', 'me'] as const,
    queryFn: ({ signal }) => getOfficeStaff(signal),
    staleTime: 60_000,
  });

export interface OfficeLoginInput {
  email: string;
  password: string;
  totp?: string;
}

/** POST /api/office/login: the staff user of the new session (throws the API's refusal). */
export async function loginToOffice(input: OfficeLoginInput): Promise<OfficeStaff | null> {
  return staffOf(
    await officeRequest<OfficeSessionResponse>('login', { method: 'POST', body: input }),
  );
}

/** POST /api/office/logout: ends the office session (204, also without one). */
export async function logoutOfOffice(): Promise<void> {
  await officeRequest<null>('logout', { method: 'POST' });
}
