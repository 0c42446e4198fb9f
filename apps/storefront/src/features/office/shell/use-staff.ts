import { useQuery } from '@tanstack/react-query';
import { officeStaffQuery, type OfficeStaff } from '@/features/office/api/office-session';

/** The signed-in staff user (GET /api/office/me), null when signed out; `isLoading` until known. */
export function useStaff(): { staff: OfficeStaff | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(officeStaffQuery());
  return { staff: data ?? null, isLoading };
}
