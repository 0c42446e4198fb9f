import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * The back office's wire format (issue #27, decision 0083): staff users, the office session and
 * the audit log. Success bodies are keyed by resource type (`{ staff_user: { _count, _total,
 * _data } }`), errors are the one `_data` envelope, as everywhere in the API.
 */

/** Staff roles, widest first: owner (everything), box office (orders, refunds…), door. */
export const STAFF_ROLES = ['owner', 'box_office', 'door'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

/**
 * Who may reach what (decision 0083): each set names the roles, widest first. The API's guard
 * (`app.requireStaff`) and the office's navigation (decision 0087) read the same sets.
 */
export const OFFICE_ROLES = {
  /** check-in and today's arrivals: every role */
  door: ['owner', 'box_office', 'door'],
  /** orders, refunds, members, capacity */
  boxOffice: ['owner', 'box_office'],
  /** staff, keys, the catalogue, the audit log */
  owner: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** The office session's cookie: host-only, `Path=/api/office`, httpOnly, SameSite=Strict. */
export const OFFICE_SESSION_COOKIE = 'admit_office_sid';
/** The path the office cookie is scoped to: the office API's calls, nothing else. */
export const OFFICE_API_PATH = '/api/office';

/** The office page a staff user's reset link opens, below the office (decision 0095). */
export const OFFICE_RESET_PAGE = 'reset-password';

/** What the audit log records; one home for the names. */
export const AUDIT_ACTIONS = [
  'staff.login',
  'staff.login_failed',
  'staff.logout',
  'staff.add',
  'staff.role',
  'staff.disable',
  'staff.enable',
  'staff.password_reset',
  'staff.totp_enrol',
  // a staff user's own reset by e-mail (decision 0095)
  'staff.password_reset_request',
  'staff.password_reset_link',
  // the box office's orders (decision 0087)
  'order.cancel',
  'order.note',
  'order.reissue_code',
  'order.move',
  'order.resend',
  // capacity (decision 0089)
  'session.capacity',
  'session.close',
  'session.reopen',
  'date.close',
  'date.reopen',
  // members (decision 0089)
  'membership.auto_renew_cancel',
  'membership.card_resend',
  'membership.extend',
  // the catalogue and keys (decision 0089)
  'catalogue.import',
  'api_key.create',
  'api_key.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const staffUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  /** a TOTP second factor is enrolled: the login asks for `totp` */
  totp_enrolled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const officeSessionSchema = z.object({
  staff_user_id: z.string().uuid(),
  seller_id: z.string().uuid(),
  expires_at: z.string(),
});

/** POST /api/office/login, GET /api/office/me: the staff user and the session. */
export const officeSessionResponseSchema = z.object({
  office_session: collectionSchema(officeSessionSchema),
  staff_user: collectionSchema(staffUserSchema),
});
export type OfficeSessionResponse = z.infer<typeof officeSessionResponseSchema>;

const email = z.string().trim().min(3).max(254).email();
const password = z.string().min(1).max(254);
/** a six-digit TOTP code (RFC 6238, SHA-1, 30 s) */
const totpCode = z.string().regex(/^\d{6}$/, 'six digits');

export const officeLoginBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  password,
  totp: totpCode.optional(),
});

export const staffUsersResponseSchema = z.object({ staff_user: collectionSchema(staffUserSchema) });

export const staffUserCreateBodySchema = z.object({ email, password, role: staffRoleSchema });

/** PATCH staff_user/{id}: change the role, disable or enable; `reason` goes to the audit log. */
export const staffUserPatchBodySchema = z
  .object({
    role: staffRoleSchema.optional(),
    disabled: z.boolean().optional(),
    reason: z.string().max(1000).optional(),
  })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'role or disabled is required');

/** POST staff_user/{id}/password: a new password; the user's sessions and TOTP are cleared. */
export const staffPasswordResetBodySchema = z.object({
  password,
  reason: z.string().max(1000).optional(),
});

/** A fresh TOTP secret to enrol (not stored until confirmed with a code from it). */
export const totpSecretResponseSchema = z.object({
  totp_secret: collectionSchema(z.object({ secret: z.string(), otpauth_uri: z.string() })),
});

export const totpEnrolBodySchema = z.object({
  secret: z.string().regex(/^[A-Z2-7]{32}$/, 'a base32 secret from totp_secret'),
  totp: totpCode,
});

export const auditEntrySchema = z.object({
  id: z.string().uuid(),
  staff_user_id: z.string().uuid().nullable(),
  actor: z.string(),
  at: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({ audit_log: collectionSchema(auditEntrySchema) });
