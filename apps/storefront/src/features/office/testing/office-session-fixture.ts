import type { OfficeSessionResponse, StaffRole } from '@admit/contracts/office';

/** `GET /api/office/me` for a signed-in staff user of a role (office page tests). */
export const officeSessionOf = (role: StaffRole): OfficeSessionResponse => ({
  office_session: {
    _count: 1,
    _total: 1,
    _data: [
      {
        staff_user_id: '00000000-0000-4000-8000-000000000001',
        seller_id: '00000000-0000-4000-8000-000000000002',
        expires_at: '2030-01-01T12:00:00.000Z',
      },
    ],
  },
  staff_user: {
    _count: 1,
    _total: 1,
    _data: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        email: `${role}@demo-museum.test`,
        role,
        disabled: false,
        totp_enrolled: false,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    ],
  },
});
